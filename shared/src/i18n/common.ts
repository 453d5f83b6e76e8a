import type { Translations } from './languages';

type CommonKey =
  | 'loading'
  | 'retry'
  | 'sectionFailed'
  | 'sectionFailedHint'
  | 'empty'
  | 'back'
  | 'comingNext'
  | 'cancel'
  | 'demoConfirmTitle'
  | 'demoConfirmText'
  | 'demoConfirmContinue';

/** Texts of the shared UI kit (namespace "common"). */
export const common: Translations<CommonKey> = {
  en: {
    loading: 'Loading…',
    retry: 'Retry',
    sectionFailed: 'This section could not be shown',
    sectionFailedHint: 'The rest of the app keeps working. Try again in a moment.',
    empty: 'Nothing here yet',
    back: 'Back',
    comingNext: 'This part is being built and will open here.',
    cancel: 'Cancel',
    demoConfirmTitle: 'Trial version',
    demoConfirmText: 'You are using the demo account, a trial version with virtual funds. Nothing you do here uses or earns real money. Continue?',
    demoConfirmContinue: 'Continue in demo',
  },
  hk: {
    loading: '載入中…',
    retry: '重試',
    sectionFailed: '此區塊暫時無法顯示',
    sectionFailedHint: '應用的其他部分仍可正常使用，請稍後再試。',
    empty: '暫無內容',
    back: '返回',
    comingNext: '此功能正在建設中，完成後將在此開啟。',
    cancel: '取消',
    demoConfirmTitle: '體驗版',
    demoConfirmText: '你正在使用模擬帳戶，這是使用虛擬資金的體驗版本。在此的任何操作都不會使用或賺取真實資金。是否繼續？',
    demoConfirmContinue: '繼續使用模擬',
  },
  zh: {
    loading: '加载中…',
    retry: '重试',
    sectionFailed: '此区块暂时无法显示',
    sectionFailedHint: '应用的其他部分仍可正常使用，请稍后再试。',
    empty: '暂无内容',
    back: '返回',
    comingNext: '此功能正在建设中，完成后将在此打开。',
    cancel: '取消',
    demoConfirmTitle: '体验版',
    demoConfirmText: '你正在使用模拟账户，这是使用虚拟资金的体验版本。在此的任何操作都不会使用或赚取真实资金。是否继续？',
    demoConfirmContinue: '继续使用模拟',
  },
  kr: {
    loading: '불러오는 중…',
    retry: '다시 시도',
    sectionFailed: '이 영역을 표시할 수 없습니다',
    sectionFailedHint: '앱의 다른 부분은 계속 사용할 수 있습니다. 잠시 후 다시 시도하세요.',
    empty: '아직 내용이 없습니다',
    back: '뒤로',
    comingNext: '이 기능은 준비 중이며 완성되면 여기에서 열립니다.',
    cancel: '취소',
    demoConfirmTitle: '체험판',
    demoConfirmText: '데모 계정을 사용 중입니다. 가상 자금을 쓰는 체험판이며, 여기서 하는 어떤 거래도 실제 돈을 쓰거나 벌지 않습니다. 계속하시겠습니까?',
    demoConfirmContinue: '데모로 계속',
  },
  jp: {
    loading: '読み込み中…',
    retry: '再試行',
    sectionFailed: 'このセクションを表示できません',
    sectionFailedHint: 'アプリの他の部分は引き続き利用できます。しばらくしてから再試行してください。',
    empty: 'まだ何もありません',
    back: '戻る',
    comingNext: 'この機能は現在準備中です。完成するとここに表示されます。',
    cancel: 'キャンセル',
    demoConfirmTitle: '体験版',
    demoConfirmText: 'デモアカウントを使用しています。仮想資金による体験版で、ここでの操作で実際のお金を使ったり得たりすることはありません。続けますか？',
    demoConfirmContinue: 'デモで続ける',
  },
  ge: {
    loading: 'Wird geladen…',
    retry: 'Erneut versuchen',
    sectionFailed: 'Dieser Bereich kann nicht angezeigt werden',
    sectionFailedHint: 'Der Rest der App funktioniert weiter. Versuchen Sie es gleich noch einmal.',
    empty: 'Noch nichts vorhanden',
    back: 'Zurück',
    comingNext: 'Dieser Teil wird gerade gebaut und öffnet sich hier.',
    cancel: 'Abbrechen',
    demoConfirmTitle: 'Testversion',
    demoConfirmText: 'Sie verwenden das Demokonto, eine Testversion mit virtuellem Guthaben. Nichts, was Sie hier tun, verwendet oder verdient echtes Geld. Fortfahren?',
    demoConfirmContinue: 'Im Demo fortfahren',
  },
  fr: {
    loading: 'Chargement…',
    retry: 'Réessayer',
    sectionFailed: "Cette section ne peut pas s'afficher",
    sectionFailedHint: "Le reste de l'application continue de fonctionner. Réessayez dans un instant.",
    empty: 'Rien pour le moment',
    back: 'Retour',
    comingNext: "Cette partie est en cours de construction et s'ouvrira ici.",
    cancel: 'Annuler',
    demoConfirmTitle: "Version d'essai",
    demoConfirmText: "Vous utilisez le compte démo, une version d'essai avec des fonds virtuels. Rien de ce que vous faites ici n'utilise ni ne rapporte d'argent réel. Continuer ?",
    demoConfirmContinue: 'Continuer en démo',
  },
  it: {
    loading: 'Caricamento…',
    retry: 'Riprova',
    sectionFailed: 'Impossibile mostrare questa sezione',
    sectionFailedHint: "Il resto dell'app continua a funzionare. Riprova tra un momento.",
    empty: 'Ancora niente qui',
    back: 'Indietro',
    comingNext: 'Questa parte è in costruzione e si aprirà qui.',
    cancel: 'Annulla',
    demoConfirmTitle: 'Versione di prova',
    demoConfirmText: 'Stai usando il conto demo, una versione di prova con fondi virtuali. Nulla di ciò che fai qui usa o fa guadagnare denaro reale. Continuare?',
    demoConfirmContinue: 'Continua in demo',
  },
  ru: {
    loading: 'Đang tải…',
    retry: 'Thử lại',
    sectionFailed: 'Không thể hiển thị phần này',
    sectionFailedHint: 'Các phần khác của ứng dụng vẫn hoạt động. Vui lòng thử lại sau giây lát.',
    empty: 'Chưa có nội dung',
    back: 'Quay lại',
    comingNext: 'Phần này đang được xây dựng và sẽ mở tại đây.',
    cancel: 'Hủy',
    demoConfirmTitle: 'Phiên bản dùng thử',
    demoConfirmText: 'Bạn đang dùng tài khoản demo, phiên bản dùng thử với tiền ảo. Mọi thao tác tại đây không dùng và không tạo ra tiền thật. Tiếp tục?',
    demoConfirmContinue: 'Tiếp tục với demo',
  },
};
