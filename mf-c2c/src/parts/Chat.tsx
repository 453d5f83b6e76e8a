import { useState, type FormEvent } from 'react';
import { c2c } from '@meridian/contracts';
import { Button, ImagePicker, uploadImage, useApiMutation, formatScreenTime, UploadImage } from '@meridian/shared';
import { useStore } from 'jotai';
import { useT } from '../i18n';
import { useMessages } from './api';
import styles from './c2c.module.css';

/** The order's chat: kept with the order on the server, refreshed live by the C2C_MESSAGE push. */
export function Chat({ orderId }: { orderId: string }) {
  const { t } = useT();
  const store = useStore();
  const messages = useMessages(orderId);
  const [body, setBody] = useState('');
  const [failed, setFailed] = useState('');
  const [pickerKey, setPickerKey] = useState(0);
  const send = useApiMutation(c2c.sendMessage, { invalidates: ['C2C_MESSAGE'] });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    if (await send.run({ orderId, body: body.trim() })) setBody('');
  };
  const sendImage = async (image: Blob) => {
    setFailed('');
    const uploaded = await uploadImage(image, { store, fileName: 'chat.jpg' });
    if (uploaded.path === null) return setFailed(uploaded.message);
    await send.run({ orderId, image: uploaded.path });
    setPickerKey((k) => k + 1);
  };
  return (
    <section className={styles.card} aria-labelledby="c2c-chat-title">
      <h3 id="c2c-chat-title" className={styles.title}>{t('c2cChatTitle')}</h3>
      <ul className={styles.chat} aria-live="polite" data-testid="c2c-chat">
        {messages.data?.length === 0 ? <li className={styles.muted}>{t('c2cChatEmpty')}</li> : null}
        {messages.data?.map((m) => (
          <li key={m.id} className={[styles.bubble, m.from === 'me' ? styles.mine : ''].join(' ')}>
            <span className={styles.muted}>{`${t(m.from === 'me' ? 'c2cYou' : 'c2cCounterparty')} · ${formatScreenTime(m.createdAt, 'utc', { upTo: 'minute' })}`}</span>
            {m.body ? <p style={{ margin: 0 }}>{m.body}</p> : null}
            {m.image ? <UploadImage className={styles.thumb} path={m.image} alt={t('c2cChatImage')} /> : null}
          </li>
        ))}
      </ul>
      <form className={[styles.row, styles.chatForm].join(' ')} onSubmit={(e) => void submit(e)}>
        <label className={styles.label} style={{ flex: '1 1 180px' }}>
          {t('c2cChatLabel')}
          <input className={styles.input} value={body} maxLength={1000} onChange={(e) => setBody(e.target.value)} data-testid="c2c-chat-input" />
        </label>
        <Button type="submit" disabled={send.busy || !body.trim()} data-testid="c2c-chat-send">{t('c2cSend')}</Button>
      </form>
      <ImagePicker key={pickerKey} label={t('c2cChatAttach')} onPicked={(image) => void sendImage(image)} disabled={send.busy} />
      {failed ? <p className={styles.error} role="alert">{failed}</p> : null}
    </section>
  );
}
