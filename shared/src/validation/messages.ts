import { addTranslations, i18n } from '../i18n/instance';
import type { Translations } from '../i18n/languages';

/**
 * Validation messages share the UI kit's namespace, so a form needs one useTranslation('kit') for its
 * field components and their errors alike. The keys are disjoint from the kit's own (a test checks).
 */
export const VALIDATION_NAMESPACE = 'kit';

export type ValidationKey =
  | 'required'
  | 'passwordTooShort'
  | 'passwordsInconsistent'
  | 'invalidPhone'
  | 'invalidEmail'
  | 'invalidCode'
  | 'invalidAmount'
  | 'tooManyDecimals'
  | 'minAmount'
  | 'amountOutOfRange'
  | 'insufficientBalance'
  | 'invitationRequired'
  | 'addressRequired'
  | 'sameWallet';

/** The English texts are the spec's own wherever the spec gives one. */
export const validationTexts: Translations<ValidationKey> = {
  en: {
    required: 'This field is required',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordsInconsistent: 'The two passwords are inconsistent',
    invalidPhone: 'Please enter a valid phone number',
    invalidEmail: 'Please enter a valid email address',
    invalidCode: 'Invalid code',
    invalidAmount: 'Invalid amount',
    tooManyDecimals: 'Too many decimal places',
    minAmount: 'Minimum amount 20',
    amountOutOfRange: 'The amount must be above the minimum and below the maximum',
    insufficientBalance: 'Insufficient balance',
    invitationRequired: 'Invitation code is required',
    addressRequired: 'Please set an address first',
    sameWallet: 'Please choose another target wallet',
  },
  hk: {
    required: '此欄位為必填',
    passwordTooShort: '密碼至少需要 6 個字元',
    passwordsInconsistent: '兩次輸入的密碼不一致',
    invalidPhone: '請輸入有效的電話號碼',
    invalidEmail: '請輸入有效的電郵地址',
    invalidCode: '驗證碼無效',
    invalidAmount: '金額無效',
    tooManyDecimals: '小數位數過多',
    minAmount: '最低金額 20',
    amountOutOfRange: '金額必須高於最低限額並低於最高限額',
    insufficientBalance: '餘額不足',
    invitationRequired: '請填寫邀請碼',
    addressRequired: '請先設定地址',
    sameWallet: '請選擇另一個目標錢包',
  },
  zh: {
    required: '此项为必填',
    passwordTooShort: '密码至少需要 6 个字符',
    passwordsInconsistent: '两次输入的密码不一致',
    invalidPhone: '请输入有效的手机号码',
    invalidEmail: '请输入有效的邮箱地址',
    invalidCode: '验证码无效',
    invalidAmount: '金额无效',
    tooManyDecimals: '小数位数过多',
    minAmount: '最低金额 20',
    amountOutOfRange: '金额必须高于最低限额并低于最高限额',
    insufficientBalance: '余额不足',
    invitationRequired: '请填写邀请码',
    addressRequired: '请先设置地址',
    sameWallet: '请选择另一个目标钱包',
  },
  kr: {
    required: '필수 입력 항목입니다',
    passwordTooShort: '비밀번호는 6자 이상이어야 합니다',
    passwordsInconsistent: '두 비밀번호가 일치하지 않습니다',
    invalidPhone: '올바른 전화번호를 입력하세요',
    invalidEmail: '올바른 이메일 주소를 입력하세요',
    invalidCode: '잘못된 인증 코드입니다',
    invalidAmount: '잘못된 금액입니다',
    tooManyDecimals: '소수점 자릿수가 너무 많습니다',
    minAmount: '최소 금액 20',
    amountOutOfRange: '금액은 최소 한도보다 크고 최대 한도보다 작아야 합니다',
    insufficientBalance: '잔액이 부족합니다',
    invitationRequired: '초대 코드를 입력하세요',
    addressRequired: '먼저 주소를 설정하세요',
    sameWallet: '다른 대상 지갑을 선택하세요',
  },
  jp: {
    required: 'この項目は必須です',
    passwordTooShort: 'パスワードは6文字以上で入力してください',
    passwordsInconsistent: '2つのパスワードが一致しません',
    invalidPhone: '有効な電話番号を入力してください',
    invalidEmail: '有効なメールアドレスを入力してください',
    invalidCode: '認証コードが無効です',
    invalidAmount: '金額が無効です',
    tooManyDecimals: '小数点以下の桁数が多すぎます',
    minAmount: '最低金額 20',
    amountOutOfRange: '金額は最小額より大きく、最大額より小さくしてください',
    insufficientBalance: '残高不足です',
    invitationRequired: '招待コードを入力してください',
    addressRequired: '先にアドレスを設定してください',
    sameWallet: '別の振替先ウォレットを選択してください',
  },
  ge: {
    required: 'Dieses Feld ist erforderlich',
    passwordTooShort: 'Das Passwort muss mindestens 6 Zeichen lang sein',
    passwordsInconsistent: 'Die beiden Passwörter stimmen nicht überein',
    invalidPhone: 'Bitte geben Sie eine gültige Telefonnummer ein',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    invalidCode: 'Ungültiger Code',
    invalidAmount: 'Ungültiger Betrag',
    tooManyDecimals: 'Zu viele Nachkommastellen',
    minAmount: 'Mindestbetrag 20',
    amountOutOfRange: 'Der Betrag muss über dem Minimum und unter dem Maximum liegen',
    insufficientBalance: 'Unzureichendes Guthaben',
    invitationRequired: 'Ein Einladungscode ist erforderlich',
    addressRequired: 'Bitte legen Sie zuerst eine Adresse fest',
    sameWallet: 'Bitte wählen Sie eine andere Ziel-Wallet',
  },
  fr: {
    required: 'Ce champ est obligatoire',
    passwordTooShort: 'Le mot de passe doit comporter au moins 6 caractères',
    passwordsInconsistent: 'Les deux mots de passe ne correspondent pas',
    invalidPhone: 'Veuillez saisir un numéro de téléphone valide',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide',
    invalidCode: 'Code invalide',
    invalidAmount: 'Montant invalide',
    tooManyDecimals: 'Trop de décimales',
    minAmount: 'Montant minimum 20',
    amountOutOfRange: 'Le montant doit être supérieur au minimum et inférieur au maximum',
    insufficientBalance: 'Solde insuffisant',
    invitationRequired: "Le code d'invitation est obligatoire",
    addressRequired: "Veuillez d'abord définir une adresse",
    sameWallet: 'Veuillez choisir un autre portefeuille de destination',
  },
  it: {
    required: 'Campo obbligatorio',
    passwordTooShort: 'La password deve contenere almeno 6 caratteri',
    passwordsInconsistent: 'Le due password non coincidono',
    invalidPhone: 'Inserisci un numero di telefono valido',
    invalidEmail: 'Inserisci un indirizzo e-mail valido',
    invalidCode: 'Codice non valido',
    invalidAmount: 'Importo non valido',
    tooManyDecimals: 'Troppe cifre decimali',
    minAmount: 'Importo minimo 20',
    amountOutOfRange: "L'importo deve essere superiore al minimo e inferiore al massimo",
    insufficientBalance: 'Saldo insufficiente',
    invitationRequired: 'Il codice di invito è obbligatorio',
    addressRequired: 'Imposta prima un indirizzo',
    sameWallet: 'Scegli un altro portafoglio di destinazione',
  },
  ru: {
    required: 'Trường này là bắt buộc',
    passwordTooShort: 'Mật khẩu phải có ít nhất 6 ký tự',
    passwordsInconsistent: 'Hai mật khẩu không khớp nhau',
    invalidPhone: 'Vui lòng nhập số điện thoại hợp lệ',
    invalidEmail: 'Vui lòng nhập địa chỉ email hợp lệ',
    invalidCode: 'Mã không hợp lệ',
    invalidAmount: 'Số tiền không hợp lệ',
    tooManyDecimals: 'Quá nhiều chữ số thập phân',
    minAmount: 'Số tiền tối thiểu 20',
    amountOutOfRange: 'Số tiền phải lớn hơn mức tối thiểu và nhỏ hơn mức tối đa',
    insufficientBalance: 'Số dư không đủ',
    invitationRequired: 'Vui lòng nhập mã mời',
    addressRequired: 'Vui lòng thiết lập địa chỉ trước',
    sameWallet: 'Vui lòng chọn ví đích khác',
  },
};

addTranslations(VALIDATION_NAMESPACE, validationTexts);

/** A key's text in the current language, for code outside React (toasts, thrown errors). */
export function validationMessage(key: ValidationKey): string {
  return i18n.t(key, { ns: VALIDATION_NAMESPACE });
}
