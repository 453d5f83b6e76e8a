import { addTranslations, i18n } from '../i18n/instance';
import type { Translations } from '../i18n/languages';

export const SESSION_NAMESPACE = 'session';

export type SessionTextKey = 'sessionExpired' | 'noNetwork' | 'backOnline' | 'loginFirst' | 'uploadFailed' | 'notifications';

/** Texts of the session and request conventions (namespace "session"); the English ones are the spec's own. */
export const sessionTexts: Translations<SessionTextKey> = {
  en: {
    sessionExpired: 'Login session expired',
    noNetwork: 'No network, please connect and retry',
    backOnline: 'Connect internet successfully',
    loginFirst: 'Please log in first',
    uploadFailed: 'Upload failed, please try again',
    notifications: 'Notifications',
  },
  hk: {
    sessionExpired: '登入已過期',
    noNetwork: '網絡未連接，請連接後重試',
    backOnline: '網絡連接成功',
    loginFirst: '請先登入',
    uploadFailed: '上傳失敗，請重試',
    notifications: '通知',
  },
  zh: {
    sessionExpired: '登录已过期',
    noNetwork: '网络未连接，请连接后重试',
    backOnline: '网络连接成功',
    loginFirst: '请先登录',
    uploadFailed: '上传失败，请重试',
    notifications: '通知',
  },
  kr: {
    sessionExpired: '로그인 세션이 만료되었습니다',
    noNetwork: '네트워크에 연결되어 있지 않습니다. 연결 후 다시 시도하세요',
    backOnline: '인터넷에 연결되었습니다',
    loginFirst: '먼저 로그인하세요',
    uploadFailed: '업로드에 실패했습니다. 다시 시도하세요',
    notifications: '알림',
  },
  jp: {
    sessionExpired: 'ログインの有効期限が切れました',
    noNetwork: 'ネットワークに接続されていません。接続してから再試行してください',
    backOnline: 'インターネットに接続しました',
    loginFirst: '先にログインしてください',
    uploadFailed: 'アップロードに失敗しました。もう一度お試しください',
    notifications: 'お知らせ',
  },
  ge: {
    sessionExpired: 'Die Anmeldesitzung ist abgelaufen',
    noNetwork: 'Kein Netzwerk, bitte verbinden und erneut versuchen',
    backOnline: 'Internetverbindung hergestellt',
    loginFirst: 'Bitte melden Sie sich zuerst an',
    uploadFailed: 'Hochladen fehlgeschlagen, bitte erneut versuchen',
    notifications: 'Benachrichtigungen',
  },
  fr: {
    sessionExpired: 'La session de connexion a expiré',
    noNetwork: 'Pas de réseau, veuillez vous connecter et réessayer',
    backOnline: 'Connexion Internet rétablie',
    loginFirst: "Veuillez d'abord vous connecter",
    uploadFailed: "Échec de l'envoi, veuillez réessayer",
    notifications: 'Notifications',
  },
  it: {
    sessionExpired: 'Sessione di accesso scaduta',
    noNetwork: 'Nessuna rete, connettiti e riprova',
    backOnline: 'Connessione a Internet riuscita',
    loginFirst: "Effettua prima l'accesso",
    uploadFailed: 'Caricamento non riuscito, riprova',
    notifications: 'Notifiche',
  },
  ru: {
    sessionExpired: 'Phiên đăng nhập đã hết hạn',
    noNetwork: 'Không có mạng, vui lòng kết nối và thử lại',
    backOnline: 'Kết nối internet thành công',
    loginFirst: 'Vui lòng đăng nhập trước',
    uploadFailed: 'Tải lên thất bại, vui lòng thử lại',
    notifications: 'Thông báo',
  },
};

addTranslations(SESSION_NAMESPACE, sessionTexts);

/** One text of the namespace in the current language (for code outside React: interceptors, listeners). */
export function sessionText(key: SessionTextKey): string {
  return i18n.t(key, { ns: SESSION_NAMESPACE });
}
