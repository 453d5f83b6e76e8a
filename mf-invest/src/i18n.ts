import { useTranslation } from 'react-i18next';
import type { CommonKey, LanguageCode } from '@meridian/shared';

/** Federation name of this remote; also its i18n namespace. */
export const NS = 'mf_invest';

const en = {
  icoTitle: 'Token offerings (ICO/IEO)',
  icoDescription: 'Subscribe to upcoming and open token offerings and to allotments, and follow your pending and winning subscriptions.',
  earnTitle: 'Earn',
  earnDescription: 'Put idle assets to work with the smart pool and fixed-term wealth financing.',
  smartPoolTitle: 'Smart pool',
  smartPoolDescription: 'Invest in cloud-mining miners for a fixed cycle: income is paid daily at 4 a.m. starting 24 hours after purchase, and the principal is returned at the end of the term.',
  smartPoolBuyTitle: 'Buy a miner',
  smartPoolConfirmBuyTitle: 'Confirm purchase',
  smartPoolMyOrderTitle: 'My miners',
  smartPoolHistoryTitle: 'Income history',
  smartPoolRedeemedTitle: 'Redeemed orders',
  manageAccountTitle: 'Wealth financing',
  manageAccountDescription: 'Subscribe to fixed-term financing products at an annualized rate and see the estimated interest before you commit.',
  buyFinancingTitle: 'Subscribe to a product',
  historyFinancingTitle: 'Financing history',
  walletLink: 'Wallet',
  assetsLink: 'Assets',
} as const;

export type Key = keyof typeof en;
type Texts = Record<Key, string>;

const hk: Texts = {
  icoTitle: '代幣發行 (ICO/IEO)',
  icoDescription: '認購即將推出及正在進行的代幣發行與配售，並查看待處理及已中籤的認購。',
  earnTitle: '賺取收益',
  earnDescription: '透過智能礦池及定期理財，讓閒置資產為您增值。',
  smartPoolTitle: '智能礦池',
  smartPoolDescription: '投資雲端挖礦礦機，週期固定：購買 24 小時後每日凌晨 4 點派發收益，本金於期滿時一次退還。',
  smartPoolBuyTitle: '購買礦機',
  smartPoolConfirmBuyTitle: '確認購買',
  smartPoolMyOrderTitle: '我的礦機',
  smartPoolHistoryTitle: '收益記錄',
  smartPoolRedeemedTitle: '已贖回訂單',
  manageAccountTitle: '定期理財',
  manageAccountDescription: '按年化利率認購定期理財產品，並在確認前查看預估利息。',
  buyFinancingTitle: '認購產品',
  historyFinancingTitle: '理財記錄',
  walletLink: '錢包',
  assetsLink: '資產',
};

const zh: Texts = {
  icoTitle: '代币发行 (ICO/IEO)',
  icoDescription: '认购即将推出及正在进行的代币发行与配售，并查看待处理及已中签的认购。',
  earnTitle: '赚取收益',
  earnDescription: '通过智能矿池及定期理财，让闲置资产为您增值。',
  smartPoolTitle: '智能矿池',
  smartPoolDescription: '投资云挖矿矿机，周期固定：购买 24 小时后每日凌晨 4 点发放收益，本金于到期时一次退还。',
  smartPoolBuyTitle: '购买矿机',
  smartPoolConfirmBuyTitle: '确认购买',
  smartPoolMyOrderTitle: '我的矿机',
  smartPoolHistoryTitle: '收益记录',
  smartPoolRedeemedTitle: '已赎回订单',
  manageAccountTitle: '定期理财',
  manageAccountDescription: '按年化利率认购定期理财产品，并在确认前查看预估利息。',
  buyFinancingTitle: '认购产品',
  historyFinancingTitle: '理财记录',
  walletLink: '钱包',
  assetsLink: '资产',
};

const kr: Texts = {
  icoTitle: '토큰 공모 (ICO/IEO)',
  icoDescription: '예정 및 진행 중인 토큰 공모와 배정 청약에 참여하고, 대기 중이거나 당첨된 청약을 확인하세요.',
  earnTitle: '수익 창출',
  earnDescription: '스마트 풀과 정기 자산 운용 상품으로 쉬고 있는 자산을 굴려 보세요.',
  smartPoolTitle: '스마트 풀',
  smartPoolDescription: '정해진 주기로 클라우드 마이닝 채굴기에 투자하세요. 구매 24시간 후부터 매일 오전 4시에 수익이 지급되고, 원금은 만기에 한 번에 반환됩니다.',
  smartPoolBuyTitle: '채굴기 구매',
  smartPoolConfirmBuyTitle: '구매 확인',
  smartPoolMyOrderTitle: '내 채굴기',
  smartPoolHistoryTitle: '수익 내역',
  smartPoolRedeemedTitle: '환매된 주문',
  manageAccountTitle: '자산 운용',
  manageAccountDescription: '연 수익률에 따라 정기 자산 운용 상품에 가입하고, 확정하기 전에 예상 이자를 확인하세요.',
  buyFinancingTitle: '상품 가입',
  historyFinancingTitle: '운용 내역',
  walletLink: '지갑',
  assetsLink: '자산',
};

const jp: Texts = {
  icoTitle: 'トークンセール (ICO/IEO)',
  icoDescription: '近日開始・受付中のトークンセールや割当に申し込み、審査中・当選した申込を確認できます。',
  earnTitle: '資産運用',
  earnDescription: 'スマートプールと定期型の資産運用で、眠っている資産を活用できます。',
  smartPoolTitle: 'スマートプール',
  smartPoolDescription: '一定期間、クラウドマイニングのマイナーに投資します。購入の24時間後から毎日午前4時に収益が支払われ、元本は満期時に一括で返還されます。',
  smartPoolBuyTitle: 'マイナーを購入',
  smartPoolConfirmBuyTitle: '購入の確認',
  smartPoolMyOrderTitle: '保有マイナー',
  smartPoolHistoryTitle: '収益履歴',
  smartPoolRedeemedTitle: '償還済みの注文',
  manageAccountTitle: '定期運用',
  manageAccountDescription: '年利で定期型の運用商品に申し込み、確定前に見込み利息を確認できます。',
  buyFinancingTitle: '商品に申し込む',
  historyFinancingTitle: '運用履歴',
  walletLink: 'ウォレット',
  assetsLink: '資産',
};

const ge: Texts = {
  icoTitle: 'Token-Angebote (ICO/IEO)',
  icoDescription: 'Zeichnen Sie kommende und laufende Token-Angebote sowie Zuteilungen und verfolgen Sie offene und erfolgreiche Zeichnungen.',
  earnTitle: 'Erträge erzielen',
  earnDescription: 'Lassen Sie ungenutztes Vermögen mit dem intelligenten Mining-Pool und Festgeldanlagen arbeiten.',
  smartPoolTitle: 'Intelligenter Mining-Pool',
  smartPoolDescription: 'Investieren Sie für einen festen Zyklus in Cloud-Mining-Miner: Erträge werden ab 24 Stunden nach dem Kauf täglich um 4 Uhr ausgezahlt, das Kapital am Ende der Laufzeit zurückgezahlt.',
  smartPoolBuyTitle: 'Miner kaufen',
  smartPoolConfirmBuyTitle: 'Kauf bestätigen',
  smartPoolMyOrderTitle: 'Meine Miner',
  smartPoolHistoryTitle: 'Ertragsverlauf',
  smartPoolRedeemedTitle: 'Eingelöste Aufträge',
  manageAccountTitle: 'Festgeldanlage',
  manageAccountDescription: 'Zeichnen Sie Festgeldprodukte zu einem Jahreszins und sehen Sie die geschätzten Zinsen, bevor Sie sich festlegen.',
  buyFinancingTitle: 'Produkt zeichnen',
  historyFinancingTitle: 'Anlageverlauf',
  walletLink: 'Geldbörse',
  assetsLink: 'Vermögen',
};

const fr: Texts = {
  icoTitle: 'Offres de jetons (ICO/IEO)',
  icoDescription: "Souscrivez aux offres de jetons à venir et en cours ainsi qu'aux allocations, et suivez vos souscriptions en attente et gagnantes.",
  earnTitle: 'Faire fructifier',
  earnDescription: 'Faites travailler vos actifs inutilisés avec le pool intelligent et les placements à terme fixe.',
  smartPoolTitle: 'Pool intelligent',
  smartPoolDescription: "Investissez dans des mineurs de cloud mining pour un cycle fixe : les revenus sont versés chaque jour à 4 h à partir de 24 heures après l'achat, et le capital est restitué en fin de période.",
  smartPoolBuyTitle: 'Acheter un mineur',
  smartPoolConfirmBuyTitle: "Confirmer l'achat",
  smartPoolMyOrderTitle: 'Mes mineurs',
  smartPoolHistoryTitle: 'Historique des revenus',
  smartPoolRedeemedTitle: 'Ordres rachetés',
  manageAccountTitle: 'Placements à terme',
  manageAccountDescription: 'Souscrivez à des placements à terme fixe à un taux annualisé et consultez les intérêts estimés avant de vous engager.',
  buyFinancingTitle: 'Souscrire un produit',
  historyFinancingTitle: 'Historique des placements',
  walletLink: 'Portefeuille',
  assetsLink: 'Actifs',
};

const it: Texts = {
  icoTitle: 'Offerte di token (ICO/IEO)',
  icoDescription: 'Sottoscrivi offerte di token in arrivo e aperte e le assegnazioni, e segui le sottoscrizioni in attesa e vincenti.',
  earnTitle: 'Guadagna',
  earnDescription: 'Fai fruttare i beni inattivi con il pool intelligente e gli investimenti a termine fisso.',
  smartPoolTitle: 'Pool intelligente',
  smartPoolDescription: "Investi in miner di cloud mining per un ciclo fisso: i proventi sono pagati ogni giorno alle 4 a partire da 24 ore dopo l'acquisto e il capitale viene restituito alla scadenza.",
  smartPoolBuyTitle: 'Acquista un miner',
  smartPoolConfirmBuyTitle: "Conferma l'acquisto",
  smartPoolMyOrderTitle: 'I miei miner',
  smartPoolHistoryTitle: 'Storico dei proventi',
  smartPoolRedeemedTitle: 'Ordini riscattati',
  manageAccountTitle: 'Investimenti a termine',
  manageAccountDescription: 'Sottoscrivi prodotti di investimento a termine fisso a un tasso annualizzato e vedi gli interessi stimati prima di confermare.',
  buyFinancingTitle: 'Sottoscrivi un prodotto',
  historyFinancingTitle: 'Storico degli investimenti',
  walletLink: 'Portafoglio',
  assetsLink: 'Patrimonio',
};

const ru: Texts = {
  icoTitle: 'Phát hành token (ICO/IEO)',
  icoDescription: 'Đăng ký mua các đợt phát hành token sắp mở và đang mở cùng các đợt phân bổ, theo dõi các đăng ký đang chờ và trúng.',
  earnTitle: 'Sinh lời',
  earnDescription: 'Để tài sản nhàn rỗi sinh lời với quỹ đào thông minh và sản phẩm tài chính kỳ hạn cố định.',
  smartPoolTitle: 'Quỹ đào thông minh',
  smartPoolDescription: 'Đầu tư vào máy đào đám mây theo chu kỳ cố định: lợi nhuận được trả hằng ngày lúc 4 giờ sáng, bắt đầu sau 24 giờ kể từ khi mua, và tiền gốc được hoàn trả khi hết kỳ hạn.',
  smartPoolBuyTitle: 'Mua máy đào',
  smartPoolConfirmBuyTitle: 'Xác nhận mua',
  smartPoolMyOrderTitle: 'Máy đào của tôi',
  smartPoolHistoryTitle: 'Lịch sử lợi nhuận',
  smartPoolRedeemedTitle: 'Lệnh đã hoàn trả',
  manageAccountTitle: 'Tài chính kỳ hạn',
  manageAccountDescription: 'Đăng ký các sản phẩm tài chính kỳ hạn cố định theo lãi suất năm và xem tiền lãi ước tính trước khi xác nhận.',
  buyFinancingTitle: 'Đăng ký sản phẩm',
  historyFinancingTitle: 'Lịch sử đầu tư',
  walletLink: 'Ví',
  assetsLink: 'Tài sản',
};

export const translations: Record<LanguageCode, Texts> = { en, hk, zh, kr, jp, ge, fr, it, ru };

/** Keys whose text may equal the English one in another language (proper names, symbols). */
export const SAME_AS_ENGLISH_ALLOWED: readonly Key[] = [];

/** Common texts of shared's "common" namespace that this remote uses. */

/**
 * Typed translation for this remote. The namespace is named explicitly (not only taken from the provider's
 * defaultNS), so a screen renders the same inside the shell, in the standalone preview and in tests.
 */
export function useT() {
  const { t } = useTranslation(NS);
  return {
    t: (key: Key, values?: Record<string, string>): string => t(key, values ?? {}),
    tc: (key: CommonKey, values?: Record<string, string>): string => t(`common:${key}`, values ?? {}),
  };
}
