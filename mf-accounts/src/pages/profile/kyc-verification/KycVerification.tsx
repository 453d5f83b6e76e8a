import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { identity } from '@meridian/contracts';
import { useLocation } from 'react-router-dom';
import { useStore } from 'jotai';
import { Button, ErrorState, Field, ImagePicker, REDIRECT_PARAM, Spinner, applyKycStatus, navigate, required, safeRedirect, showToast, uploadImage, useValidationText, validate, type Schema, useApiAction, useApiQuery } from '@meridian/shared';
import { submitKyc, type KycInfo } from '../../../api/kyc';
import { useT } from '../../../i18n';
import { useCountryChoice } from '../../login/components/country';
import { useFocusFirstInvalid } from '../../login/components/submit';
import { compressDocument } from './compress';
import authStyles from '../../login/components/auth.module.css';
import profileStyles from '../components/profile.module.css';
import styles from './kyc.module.css';

/** "J*** D***": the first letter of each name, the rest hidden. */
export function maskName(...names: Array<string | undefined>): string {
  return names
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .map((name) => `${name.trim().charAt(0)}***`)
    .join(' ');
}

const knownStatus = (answer: KycInfo | null): KycInfo => (answer && typeof answer.status === 'string' ? answer : { status: 'unverified' as const, reason: '' });

/**
 * The status of GET idCard/info, reloaded after a submission (auto-review may verify at once). Each answer is also
 * the session's KYC status: the trade gate reads that one, and would otherwise send a verified user back here.
 */
function useKycInfo() {
  const store = useStore();
  // an answer without a status is an unverified user's
  const query = useApiQuery(identity.kycInfo, undefined, { select: knownStatus });
  const info = query.data ?? null;
  useEffect(() => {
    if (info) applyKycStatus(store, info.status);
  }, [info, store]);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const failed = query.isError;
  return { info, failed, reload };
}

/**
 * Identity verification: the status from idCard/info — unverified shows the form; pending "under review";
 * verified the done state with the name masked; rejected the reason and the form to submit again. Opened with
 * ?type=trade (a trade refused for missing KYC) it says why first, and once verified leads back to the trade (its
 * `redirect` parameter, the trade screen by default).
 */
export function KycVerification() {
  const { t } = useT();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const fromTrade = query.get('type') === 'trade';
  const tradeUrl = safeRedirect(query.get(REDIRECT_PARAM)) ?? DEFAULT_TRADE_URL;
  const { info, failed, reload } = useKycInfo();

  if (!info) return failed ? <ErrorState onRetry={reload} /> : <Spinner />;

  const status = info.status;
  return (
    <div className={profileStyles.section} data-testid="kyc-screen" data-status={status}>
      {fromTrade && status !== 'verified' ? (
        <p className={styles.notice} role="note" data-testid="kyc-trade-notice">
          {t('kycTradeNotice')}
        </p>
      ) : null}
      {status === 'pending' ? (
        <div className={styles.status} role="status" data-testid="kyc-status-pending">
          <p className={styles.statusTitle}>{t('kycPending')}</p>
          <p className={styles.statusText}>{t('kycPendingText')}</p>
        </div>
      ) : null}
      {status === 'verified' ? (
        <div className={styles.status} role="status" data-testid="kyc-status-verified">
          <p className={styles.statusTitle}>{t('kycVerified')}</p>
          <p className={styles.statusText}>{t('kycVerifiedText')}</p>
          {maskName(info.firstName, info.lastName) ? (
            <p className={styles.statusText} data-testid="kyc-verified-name">
              {t('kycVerifiedName', { name: maskName(info.firstName, info.lastName) })}
            </p>
          ) : null}
          {fromTrade ? (
            <Button className={profileStyles.submit} onClick={() => navigate(tradeUrl)} data-testid="kyc-back-to-trade">
              {t('kycBackToTrade')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {status === 'rejected' ? (
        <div className={styles.status} role="alert" data-testid="kyc-status-rejected">
          <p className={styles.statusTitle}>{t('kycRejected')}</p>
          <p className={styles.statusText} data-testid="kyc-rejection-reason">
            {t('kycRejectedReason', { reason: info.reason || t('kycNoReason') })}
          </p>
          <p className={styles.statusText}>{t('kycResubmitHint')}</p>
        </div>
      ) : null}
      {status === 'unverified' || status === 'rejected' ? <KycForm onSubmitted={reload} /> : null}
    </div>
  );
}

/** Where "Back to trade" goes when the KYC screen was opened for a trade without saying from where. */
const DEFAULT_TRADE_URL = '/pages/trade-margin/index';

type TextField = 'firstName' | 'lastName' | 'idNumber' | 'nation' | 'documentType';
const SCHEMA: Schema<TextField> = { firstName: [required], lastName: [required], idNumber: [required], nation: [required], documentType: [required] };
const EMPTY: Record<TextField, string> = { firstName: '', lastName: '', idNumber: '', nation: '', documentType: '' };
type Side = 'front' | 'back';

/** The KYC form: names, ID number, nation, document type and both sides of the document, uploaded before idCard/insert. */
function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useT();
  const vt = useValidationText();
  const store = useStore();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const countryChoice = useCountryChoice(true);
  const { busy, run } = useApiAction();
  // the document types to choose from (none listed while they load or if they fail: the rest of the form stands)
  const types = useApiQuery(identity.kycTypes, undefined, { select: (answer) => (Array.isArray(answer) ? answer : []) }).data ?? [];
  const [values, setValues] = useState(EMPTY);
  const [nationIso, setNationIso] = useState<string | null>(null);
  const [images, setImages] = useState<Record<Side, Blob | null>>({ front: null, back: null });
  const [uploading, setUploading] = useState(false);
  const [checked, setChecked] = useState(false);
  const nationId = useId();
  const typeId = useId();

  // the nation starts as the located (or default) country; the user may change it
  const nation = countryChoice.options.find((c) => c.iso2 === nationIso) ?? countryChoice.country;
  const current = { ...values, nation: nation.name };
  const errors = checked ? validate(current, SCHEMA) : {};
  const imageMissing = (side: Side) => checked && !images[side];
  const sending = busy || uploading;
  const set = (field: TextField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const pick = (side: Side) => (image: Blob) => setImages((current) => ({ ...current, [side]: image }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setChecked(true);
    const front = images.front;
    const back = images.back;
    if (Object.keys(validate(current, SCHEMA)).length > 0 || !front || !back) {
      focusFirstInvalid();
      return;
    }
    setUploading(true);
    let paths: [string, string];
    try {
      const frontResult = await uploadImage(front, { store, fileName: 'front.jpg' });
      if (frontResult.path === null) {
        showToast(store, frontResult.message, 'error');
        return;
      }
      const backResult = await uploadImage(back, { store, fileName: 'back.jpg' });
      if (backResult.path === null) {
        showToast(store, backResult.message, 'error');
        return;
      }
      paths = [frontResult.path, backResult.path];
    } finally {
      setUploading(false);
    }
    const result = await run(() =>
      submitKyc({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        idNumber: values.idNumber.trim(),
        nation: nation.name,
        documentType: values.documentType,
        frontImage: paths[0],
        backImage: paths[1],
      }),
    );
    if (!result) return;
    showToast(store, t('kycSubmitted'), 'success');
    onSubmitted();
  };

  return (
    <form ref={formRef} className={profileStyles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={t('kycFormLabel')} data-testid="kyc-form">
      <Field label={t('firstNameLabel')} name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={vt(errors.firstName)} disabled={sending} />
      <Field label={t('lastNameLabel')} name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={vt(errors.lastName)} disabled={sending} />
      <Field label={t('idNumberLabel')} name="idNumber" autoComplete="off" autoCapitalize="characters" value={values.idNumber} onChange={set('idNumber')} error={vt(errors.idNumber)} disabled={sending} />
      <div className={authStyles.selectField}>
        <label className={authStyles.selectLabel} htmlFor={nationId}>
          {t('nationLabel')}
        </label>
        <select id={nationId} name="nation" className={authStyles.select} value={nation.iso2} disabled={sending} onChange={(e) => setNationIso(e.target.value)}>
          {countryChoice.options.map((country) => (
            <option key={country.iso2} value={country.iso2}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div className={authStyles.selectField}>
        <label className={authStyles.selectLabel} htmlFor={typeId}>
          {t('documentTypeLabel')}
        </label>
        <select
          id={typeId}
          name="documentType"
          className={authStyles.select}
          value={values.documentType}
          disabled={sending}
          onChange={set('documentType')}
          aria-invalid={errors.documentType ? true : undefined}
          aria-describedby={errors.documentType ? `${typeId}-error` : undefined}
        >
          <option value="">{t('documentTypePlaceholder')}</option>
          {types.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
        {errors.documentType ? (
          <p id={`${typeId}-error`} className={styles.imageError}>
            {vt(errors.documentType)}
          </p>
        ) : null}
      </div>
      <div className={styles.images}>
        {(['front', 'back'] as const).map((side) => (
          <div key={side} data-testid={`kyc-image-${side}`}>
            <ImagePicker label={t(side === 'front' ? 'frontImageLabel' : 'backImageLabel')} onPicked={pick(side)} compress={compressDocument} disabled={sending} />
            {imageMissing(side) ? (
              <p className={styles.imageError} role="alert">
                {t(side === 'front' ? 'frontImageRequired' : 'backImageRequired')}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <Button type="submit" className={profileStyles.submit} disabled={sending} aria-busy={sending || undefined}>
        {uploading ? t('kycUploading') : busy ? t('kycSubmitting') : t('kycSubmitButton')}
      </Button>
    </form>
  );
}
