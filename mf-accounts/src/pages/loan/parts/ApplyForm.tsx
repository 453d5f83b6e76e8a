import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { Button, DecimalField, Dialog, EmptyState, ErrorState, ImagePicker, newRequestId, Spinner, showToast, uploadImage, useForm, useValidationText, useApiAction, formatExact, formatPercentNumber, formatScreenTime, orZero, percentOf } from '@meridian/shared';
import { applyForLoan, type LoanProduct, type LoanRules } from '../../../api/loan';
import { useInvalidate, useLoanTerms } from '../../../api/queries';
import { useT } from '../../../i18n';
import { useLoanPaths, type LoanAccess } from './common';
import { compressLoanPhoto } from './compress';
import { useDays } from './products';
import { dueDateFrom } from './terms';
import { applyForm, productOf, type ApplyProblem } from './apply-form';
import styles from '../loan.module.css';

/** The spec's hint threshold: above this amount the form reminds what repaying will take. */
export const LARGE_AMOUNT = 100;
/** Used until rule/get-rule answers (the server's LOAN_MIN_PHOTOS / LOAN_MAX_PHOTOS). */
const DEFAULT_MIN_PHOTOS = 3;
const DEFAULT_MAX_PHOTOS = 9;

interface Photo {
  key: number;
  blob: Blob;
  /** An object URL for the preview (none where the environment has no object URLs). */
  preview: string | null;
  /** The upload path once uploaded: a retry never uploads the same photo twice. */
  path: string | null;
}

const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

/**
 * The loan application: a product, an amount within its limits (and the spec's minimum of 20), at least 3
 * document photos (compressed to 600 px / quality 0.5, previewed, removable), the frozen terms summed up (interest
 * over the term, payment date), then a confirmation before the photos are uploaded and the application is sent
 * once (a requestId per application, kept for retries).
 */
export function ApplyForm({ access }: { access: LoanAccess }) {
  const terms = useLoanTerms();
  if (terms.isLoading) return <Spinner />;
  if (terms.isError || !terms.data) return <ErrorState onRetry={() => void terms.refetch()} />;
  if (terms.data.products.length === 0) return <NoProducts />;
  return <Form products={terms.data.products} rules={terms.data.rules} access={access} />;
}

function NoProducts() {
  const { t } = useT();
  return <EmptyState title={t('loanNoProducts')} />;
}

type Stage = 'idle' | 'uploading' | 'sending';

function Form({ products, rules, access }: { products: LoanProduct[]; rules: LoanRules | null; access: LoanAccess }) {
  const { t } = useT();
  const vt = useValidationText();
  const store = useStore();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const paths = useLoanPaths();
  const days = useDays();
  const [search] = useSearchParams();
  const { run } = useApiAction();
  const selectId = useId();
  const photosId = useId();

  // ?productId= preselects a product on offer
  const [preselected] = useState(() => {
    const wanted = search.get('productId');
    return { productId: products.some((p) => p.id === wanted) ? wanted! : products[0]!.id };
  });
  const form = useForm(applyForm, preselected);
  const { amount } = form.values;
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [pickerKey, setPickerKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [stage, setStage] = useState<Stage>('idle');
  const nextKey = useRef(1);
  const attempt = useRef<{ key: string; requestId: string } | null>(null);
  const photosRef = useRef(photos);
  photosRef.current = photos;

  // the previews' object URLs live as long as the form
  useEffect(
    () => () => {
      for (const photo of photosRef.current) if (photo.preview) URL.revokeObjectURL(photo.preview);
    },
    [],
  );

  const product = productOf(form.values, products);
  const minPhotos = rules?.minPhotos ?? DEFAULT_MIN_PHOTOS;
  const maxPhotos = rules?.maxPhotos ?? DEFAULT_MAX_PHOTOS;
  const allowed = access === 'verified';
  const busy = stage !== 'idle';

  // the amount's problem shows once something is typed or the user tried to send; the photos' once they tried
  const verdict = form.check({ products, photoCount: photos.length, minPhotos });
  const checked = form.state.submitted;
  const { amount: parsed, interest, total } = verdict.summary;
  const amountValid = parsed !== null;
  const problemText = (problem: ApplyProblem | undefined): string | undefined => {
    if (problem === 'loanBelowProductMin') return t('loanBelowProductMin', { min: formatExact(orZero(product.minAmount)), asset: product.asset });
    if (problem === 'loanAboveProductMax') return t('loanAboveProductMax', { max: formatExact(orZero(product.maxAmount)), asset: product.asset });
    if (problem === 'loanPhotosRequired') return t('loanPhotosRequired', { min: String(minPhotos) });
    return vt(problem);
  };
  const amountError = checked || amount.trim() !== '' ? problemText(verdict.allErrors.amount) : undefined;
  const photosError = checked ? problemText(verdict.allErrors.form) : undefined;
  const due = dueDateFrom(new Date(), product.termDays);

  const addPhoto = (blob: Blob) => {
    const photo: Photo = { key: nextKey.current++, blob, preview: canPreview() ? URL.createObjectURL(blob) : null, path: null };
    setPhotos((current) => (current.length >= maxPhotos ? current : [...current, photo]));
    // a fresh picker: its own preview would show only the last photo
    setPickerKey((k) => k + 1);
  };
  const removePhoto = (key: number) => {
    setPhotos((current) => {
      const gone = current.find((p) => p.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((p) => p.key !== key);
    });
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
    if (!allowed || busy) return;
    if (!verdict.valid) return;
    setConfirming(true);
  };

  const submit = async () => {
    if (busy || !parsed) return;
    const value = parsed.toFixed();
    // upload what is not uploaded yet (in order, so the paths keep the user's order)
    setStage('uploading');
    const uploaded: Photo[] = [];
    for (const [index, photo] of photos.entries()) {
      if (photo.path) {
        uploaded.push(photo);
        continue;
      }
      const result = await uploadImage(photo.blob, { store, fileName: `loan-document-${index + 1}.jpg` });
      if (result.path === null) {
        showToast(store, result.message, 'error');
        // keep what did upload, so trying again sends only the rest
        setPhotos((current) => current.map((p) => uploaded.find((u) => u.key === p.key) ?? p));
        setStage('idle');
        return;
      }
      uploaded.push({ ...photo, path: result.path });
    }
    setPhotos(uploaded);
    const key = `${product.id}|${value}|${uploaded.map((p) => p.key).join(',')}`;
    if (attempt.current?.key !== key) attempt.current = { key, requestId: newRequestId() };
    const requestId = attempt.current.requestId;
    setStage('sending');
    const result = await run(() => applyForLoan({ productId: product.id, amount: value, photos: uploaded.map((p) => p.path!), requestId }));
    setStage('idle');
    if (!result) return;
    setConfirming(false);
    // the history it lands on lists the new application
    void invalidate('LOAN');
    showToast(store, t('loanApplied'), 'success');
    navigate(`${paths.history}?status=pending`);
  };

  const summary = (
    <dl className={styles.facts} data-testid="loan-summary">
      <dt className={styles.wide}>{t('loanProductLabel')}</dt>
      <dd className={styles.wide}>{product.name}</dd>
      <dt>{t('loanAmountLabel')}</dt>
      <dd>{parsed && amountValid ? `${formatExact(orZero(parsed))} ${product.asset}` : '—'}</dd>
      <dt>{t('loanTermLabel')}</dt>
      <dd>{days(product.termDays)}</dd>
      <dt>{t('loanDailyRateLabel')}</dt>
      <dd>{t('loanRateValue', { rate: formatPercentNumber(percentOf(orZero(product.dailyRate)), { decimals: 'all', minDecimals: 0 }) })}</dd>
      <dt>{t('loanTermInterestLabel')}</dt>
      <dd data-testid="loan-summary-interest">{interest ? `${formatExact(orZero(interest))} ${product.asset}` : '—'}</dd>
      <dt>{t('loanTotalAtMaturityLabel')}</dt>
      <dd data-testid="loan-summary-total">{total ? `${formatExact(orZero(total))} ${product.asset}` : '—'}</dd>
      <dt className={styles.wide}>{t('loanDueLabel')}</dt>
      <dd className={styles.wide} data-testid="loan-summary-due">{t('loanDueValue', { days: days(product.termDays), date: formatScreenTime(due, 'utc', { upTo: 'day' }) })}</dd>
      <dt>{t('loanLateRateLabel')}</dt>
      <dd>{t('loanRateValue', { rate: formatPercentNumber(percentOf(orZero(product.lateDailyRate)), { decimals: 'all', minDecimals: 0 }) })}</dd>
    </dl>
  );

  return (
    <form className={styles.form} noValidate onSubmit={review} aria-label={t('loanApplyTitle')} data-testid="loan-apply-form">
      <div className={styles.select}>
        <label className={styles.selectLabel} htmlFor={selectId}>
          {t('loanProductLabel')}
        </label>
        <select id={selectId} className={styles.selectControl} value={product.id} disabled={busy} onChange={(e) => form.patch({ productId: e.target.value })}>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <DecimalField
        label={t('loanAmountFieldLabel', { asset: product.asset })}
        name="amount"
        value={amount}
        onChange={(value) => form.patch({ amount: value })}
        error={amountError}
        hint={t('loanAmountHint', { min: formatExact(orZero(product.minAmount)), max: formatExact(orZero(product.maxAmount)), asset: product.asset })}
        disabled={busy}
      />
      {amountValid && parsed && parsed.gt(LARGE_AMOUNT) && total ? (
        <p className={styles.hint} data-testid="loan-large-hint">
          {t('loanLargeHint', { limit: `${LARGE_AMOUNT} ${product.asset}`, total: `${formatExact(orZero(total))} ${product.asset}` })}
        </p>
      ) : null}

      <fieldset className={styles.photos} aria-describedby={`${photosId}-count`} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={styles.selectLabel}>{t('loanPhotosLabel')}</legend>
        <p className={styles.muted}>{t('loanPhotosHelp', { min: String(minPhotos), max: String(maxPhotos) })}</p>
        {photos.length > 0 ? (
          <ul className={styles.photoGrid} data-testid="loan-photos">
            {photos.map((photo, index) => (
              <li key={photo.key} className={styles.photo}>
                {photo.preview ? <img src={photo.preview} alt={t('loanPhotoAlt', { n: String(index + 1) })} /> : <span>{t('loanPhotoAlt', { n: String(index + 1) })}</span>}
                <button type="button" className={styles.remove} onClick={() => removePhoto(photo.key)} disabled={busy} aria-label={t('loanRemovePhoto', { n: String(index + 1) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p id={`${photosId}-count`} className={styles.muted} data-testid="loan-photo-count">
          {t('loanPhotoCount', { count: String(photos.length), min: String(minPhotos), max: String(maxPhotos) })}
        </p>
        {photos.length < maxPhotos ? (
          <div data-testid="loan-photo-picker">
            <ImagePicker key={pickerKey} label={t('loanAddPhoto')} onPicked={addPhoto} compress={compressLoanPhoto} disabled={busy} />
          </div>
        ) : null}
        {photosError ? (
          <p className={styles.error} role="alert" data-testid="loan-photos-error">
            {photosError}
          </p>
        ) : null}
      </fieldset>

      <section className={styles.summary} aria-label={t('loanSummaryTitle')}>
        <h3>{t('loanSummaryTitle')}</h3>
        {summary}
      </section>

      <Button type="submit" disabled={!allowed || busy}>
        {t('loanContinue')}
      </Button>
      {!allowed ? <p className={styles.blocked}>{t('loanBlockedText')}</p> : null}

      {confirming ? (
        <Dialog
          title={t('loanConfirmTitle')}
          onDismiss={busy ? undefined : () => setConfirming(false)}
          testId="loan-confirm"
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
                {t('cancelButton')}
              </Button>
              <Button data-primary onClick={() => void submit()} disabled={busy} aria-busy={busy || undefined}>
                {stage === 'uploading' ? t('loanUploading') : stage === 'sending' ? t('loanSending') : t('loanConfirmApply')}
              </Button>
            </>
          }
        >
          <div className={styles.dialogBody}>
            {summary}
            <p className={styles.muted}>{t('loanPhotosAttached', { count: String(photos.length) })}</p>
            <p className={styles.muted}>{t('loanFrozenNote')}</p>
            <p className={styles.muted}>{t('loanReviewNote')}</p>
          </div>
        </Dialog>
      ) : null}
    </form>
  );
}

