import { useId, useRef, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiKey, Card, ErrorState, Page, Spinner, useQuery } from '@meridian/shared';
import { NS, useT, type Key } from '../../../i18n';
import { P, POLICY_TYPES, policyUrl, type PolicyType } from '../../../paths';
import { fetchPolicy, parsePolicy, POLICY_FILES, type PolicyBlock } from '../policy';
import styles from '../policy.module.css';

const TEXTS: Record<PolicyType, { title: Key; description: Key }> = {
  privacy: { title: 'privacyPolicyTitle', description: 'privacyPolicyDescription' },
  user: { title: 'userPolicyTitle', description: 'userPolicyDescription' },
};

/** The policy as blocks: one read per document, kept for the page's life (the texts change with a release). */
function usePolicy(type: PolicyType) {
  const query = useQuery({ queryKey: apiKey(POLICY_FILES[type], {}), queryFn: () => fetchPolicy(type), select: parsePolicy, staleTime: Infinity });
  const state: LoadState = query.data ? { status: 'ready', blocks: query.data } : query.isError ? { status: 'failed' } : { status: 'loading' };
  return { state, retry: () => void query.refetch() };
}

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; blocks: PolicyBlock[] };

/**
 * /pages/privacy-policy/privacy-policy: the privacy policy (default) and the user policy (?type=user), as
 * tabs with their own addresses. The texts are English source documents fetched from /static/files/…; the
 * screen around them is translated, and in another language a translated note says the document is English.
 */
export function PrivacyPolicyPage() {
  const { t, tc } = useT();
  const { i18n } = useTranslation(NS);
  const { search } = useLocation();
  const navigate = useNavigate();
  const requested = new URLSearchParams(search).get('type');
  const type: PolicyType = requested === 'user' ? 'user' : 'privacy';
  const { state, retry } = usePolicy(type);
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const english = (i18n.resolvedLanguage ?? i18n.language ?? 'en') === 'en';

  const open = (next: PolicyType) => {
    if (next !== type) void navigate(policyUrl(next), { replace: true });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = POLICY_TYPES.length - 1;
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    open(POLICY_TYPES[next]!);
  };

  return (
    <div className={styles.wide}>
      <Page title={t(TEXTS[type].title)} subtitle={t(TEXTS[type].description)}>
        <div role="tablist" aria-label={t('policyTabsLabel')} className={styles.tabs}>
          {POLICY_TYPES.map((item, index) => (
            <button
              key={item}
              ref={(node) => {
                tabs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${item}`}
              aria-selected={item === type}
              aria-controls={`${baseId}-panel`}
              tabIndex={item === type ? 0 : -1}
              className={styles.tab}
              data-testid={`policy-tab-${item}`}
              onClick={() => open(item)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {t(TEXTS[item].title)}
            </button>
          ))}
        </div>
        <div role="tabpanel" className={styles.panel} id={`${baseId}-panel`} aria-labelledby={`${baseId}-${type}`} aria-busy={state.status === 'loading' || undefined}>
          {!english ? (
            <p className={styles.note} role="note" data-testid="policy-english-note">
              {t('policyEnglishNote')}
            </p>
          ) : null}
          {state.status === 'loading' ? <Spinner label={t('policyLoading')} /> : null}
          {state.status === 'failed' ? <ErrorState title={t('policyLoadFailed')} hint={t('policyLoadFailedHint')} onRetry={retry} /> : null}
          {state.status === 'ready' ? (
            <Card>
              <PolicyDocument blocks={state.blocks} type={type} />
            </Card>
          ) : null}
        </div>
        <Link className={styles.link} to={P.profile}>
          {tc('backTo', { area: t('profileTitle') })}
        </Link>
      </Page>
    </div>
  );
}

function PolicyDocument({ blocks, type }: { blocks: PolicyBlock[]; type: PolicyType }) {
  return (
    <article className={styles.document} lang="en" data-testid="policy-document" data-policy={type}>
      {blocks.map((block, index) => {
        if (block.kind === 'heading') return <h2 key={index}>{block.text}</h2>;
        if (block.kind === 'list') {
          return (
            <ul key={index}>
              {block.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{block.text}</p>;
      })}
    </article>
  );
}
