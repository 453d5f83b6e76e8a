import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { AppLink, Card, Field, Page, loginUrl, useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../../i18n';
import { EXTERNAL, P } from '../../../paths';
import profileStyles from '../components/profile.module.css';
import { FAQ, matchesQuery, type FaqItem, type FaqTopic } from './faq';
import styles from './helper-center.module.css';

/**
 * /pages/profile/helper-center: the help centre. A search over every question and answer (in the language
 * shown), the questions grouped by topic in an accordion (buttons with aria-expanded that open a region), and
 * the way to customer service — a shell page for logged-in users, so a visitor is offered to log in first.
 */
export function HelperCenterPage() {
  const { t, tc } = useT();
  const [query, setQuery] = useState('');
  // what the user opened or closed; while searching, every match starts open (the words may be in the answer)
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const searching = query.trim() !== '';

  const visible = FAQ.map((topic) => ({
    topic,
    items: topic.items.filter((item) => matchesQuery(query, [t(topic.title), t(item.question), t(item.answer)])),
  })).filter((group) => group.items.length > 0);
  const count = visible.reduce((sum, group) => sum + group.items.length, 0);

  const search = (value: string) => {
    setQuery(value);
    setToggled({});
  };
  const isOpen = (id: string) => toggled[id] ?? searching;
  const toggle = (id: string) => setToggled((current) => ({ ...current, [id]: !isOpen(id) }));

  return (
    <div className={styles.wide}>
      <Page title={t('helperCenterTitle')} subtitle={t('helperCenterDescription')}>
        <div role="search">
          <Field
            type="search"
            className={styles.search}
            label={t('faqSearchLabel')}
            placeholder={t('faqSearchPlaceholder')}
            value={query}
            onChange={(event) => search(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
            data-testid="faq-search"
            trailing={
              searching ? (
                <button type="button" className={styles.clear} onClick={() => search('')}>
                  {t('faqClearSearch')}
                </button>
              ) : undefined
            }
          />
        </div>
        <p className={styles.status} role="status" aria-live="polite" data-testid="faq-status">
          {searching ? (count > 0 ? t('faqResultCount', { count: String(count) }) : t('faqNoResults', { query: query.trim() })) : ''}
        </p>
        {searching && count === 0 ? <p className={styles.contactText}>{t('faqNoResultsHint')}</p> : null}
        <div className={styles.topics}>
          {visible.map(({ topic, items }) => (
            <Topic key={topic.id} topic={topic} items={items} isOpen={isOpen} onToggle={toggle} />
          ))}
        </div>
        <ContactCard />
        <Link className={profileStyles.link} to={P.profile}>
          {tc('backTo', { area: t('profileTitle') })}
        </Link>
      </Page>
    </div>
  );
}

function Topic({ topic, items, isOpen, onToggle }: { topic: FaqTopic; items: FaqItem[]; isOpen: (id: string) => boolean; onToggle: (id: string) => void }) {
  const { t } = useT();
  const headingId = useId();
  return (
    <section className={styles.topic} aria-labelledby={headingId} data-testid={`faq-topic-${topic.id}`}>
      <h2 id={headingId} className={styles.topicTitle}>
        {t(topic.title)}
      </h2>
      <div className={styles.list}>
        {items.map((item) => (
          <Question key={item.id} item={item} open={isOpen(item.id)} onToggle={() => onToggle(item.id)} />
        ))}
      </div>
    </section>
  );
}

/** One accordion entry (WAI-ARIA accordion pattern): a heading holding the button, and the answer's region. */
function Question({ item, open, onToggle }: { item: FaqItem; open: boolean; onToggle: () => void }) {
  const { t } = useT();
  const id = useId();
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;
  return (
    <div className={styles.item} data-testid={`faq-${item.id}`}>
      <h3 className={styles.question}>
        <button type="button" id={buttonId} className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span>{t(item.question)}</span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!open}>
        <p>{t(item.answer)}</p>
      </div>
    </div>
  );
}

/** Customer service is a shell page reachable when logged in; a visitor logs in first and is brought there. */
function ContactCard() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  return (
    <Card className={styles.contact}>
      <h2 className={styles.contactTitle}>{t('faqContactTitle')}</h2>
      <p className={styles.contactText}>{t('faqContactText')}</p>
      {loggedIn ? (
        <AppLink className={styles.action} href={EXTERNAL.customerService} data-testid="faq-contact">
          {t('faqContactLink')}
        </AppLink>
      ) : (
        <>
          <p className={styles.contactText}>{t('faqContactLoginHint')}</p>
          <Link className={styles.action} to={loginUrl(EXTERNAL.customerService)} data-testid="faq-contact-login">
            {t('faqContactLogin')}
          </Link>
        </>
      )}
    </Card>
  );
}
