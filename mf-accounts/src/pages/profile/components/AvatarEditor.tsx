import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES, KIT_NAMESPACE, checkImageFile, rememberUpload, showToast, uploadImage, useUploadSrc, type ImageProblem, useApiAction } from '@meridian/shared';
import { updateAvatar } from '../../../api/account';
import type { IdentityUserInfo } from '../../../api/identity';
import { useT } from '../../../i18n';
import { useStoreUserInfo } from './account';
import { avatarInitial } from './avatar';
import { compressAvatar } from './compressAvatar';
import styles from './avatar.module.css';

/** The user's avatar: the uploaded image (fetched with the token, see avatar.ts), or the nickname's initial. */
export function Avatar({ info, large = false }: { info: Pick<IdentityUserInfo, 'avatar' | 'nickname' | 'uid'>; large?: boolean }) {
  const { t } = useT();
  const src = useUploadSrc(info.avatar);
  const initial = avatarInitial(info.nickname, info.uid);
  return (
    <div className={[styles.avatar, large ? styles.large : ''].filter(Boolean).join(' ')} data-testid="avatar">
      {src ? (
        <img className={styles.image} src={src} alt={t('avatarAlt')} />
      ) : (
        <span role="img" aria-label={info.avatar ? t('avatarAlt') : t('avatarNone')}>
          <span aria-hidden="true">{initial}</span>
        </span>
      )}
    </div>
  );
}

/**
 * The avatar and a control to change it: picks a JPEG, PNG or WebP (5 MB at most, checked before anything
 * decodes it), compresses it to 600 px at quality 0.5, uploads it (POST /asset/admin/common/oss/upload), then
 * saves the returned path with user/update kind avatar. The new image shows at once from the local copy.
 */
export function AvatarEditor({
  info,
  large = false,
  showHint = false,
  children,
}: {
  info: IdentityUserInfo;
  large?: boolean;
  showHint?: boolean;
  /** Shown above the control, beside the avatar (the profile header puts the nickname there). */
  children?: ReactNode;
}) {
  const { t } = useT();
  const { t: kitT } = useTranslation(KIT_NAMESPACE);
  const store = useStore();
  const storeInfo = useStoreUserInfo();
  const { busy: saving, run } = useApiAction();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const inputId = useId();
  const busy = uploading || saving;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // cleared so that picking the same file again still fires change
    input.value = '';
    if (!file || busy) return;
    const refused = checkImageFile(file);
    setProblem(refused);
    if (refused) return;
    setUploading(true);
    let image: Blob;
    let path: string;
    try {
      try {
        image = await compressAvatar(file);
      } catch {
        setProblem('invalidImage');
        return;
      }
      const uploaded = await uploadImage(image, { store, fileName: 'avatar.jpg' });
      if (uploaded.path === null) {
        showToast(store, uploaded.message, 'error');
        return;
      }
      path = uploaded.path;
    } finally {
      setUploading(false);
    }
    const result = await run(() => updateAvatar(path));
    if (!result) return;
    rememberUpload(path, image);
    const updated = result.value;
    storeInfo(updated && typeof updated.uid === 'string' ? updated : { ...info, avatar: path });
    showToast(store, t('avatarSaved'), 'success');
  };

  return (
    <div className={styles.editor} data-testid="avatar-editor">
      <Avatar info={info} large={large} />
      <div className={styles.side}>
        {children}
        <label className={[styles.pick, busy ? styles.pickDisabled : ''].filter(Boolean).join(' ')}>
          <input
            id={inputId}
            className={styles.visuallyHidden}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            disabled={busy}
            aria-describedby={[showHint ? `${inputId}-hint` : '', problem ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined}
            aria-invalid={problem ? true : undefined}
            data-testid="avatar-input"
            onChange={(event) => void onChange(event)}
          />
          <span aria-live="polite">{busy ? t('avatarUploading') : info.avatar ? t('avatarChange') : t('avatarAdd')}</span>
        </label>
        {showHint ? (
          <p id={`${inputId}-hint`} className={styles.hint}>
            {t('avatarHint')}
          </p>
        ) : null}
        {problem ? (
          <p id={`${inputId}-error`} className={styles.error} role="alert">
            {kitT(problem)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
