import { useTranslation } from 'react-i18next';
import type { CommonKey, LanguageCode } from '@meridian/shared';

/** Federation name of this remote; also its i18n namespace. */
export const NS = 'mf_trading';

const en = {
  quoteTitle: 'Markets',
  quoteDescription: 'Follow live prices of crypto, forex, stocks, indices and CFDs, and keep your favorite markets at hand.',
  tradeMarginTitle: 'Trade',
  tradeMarginDescription:
    'Trade spot and perpetual contracts: go long or short with leverage and margin, set take-profit and stop-loss, and follow your positions and orders.',
  tradeChartTitle: 'Chart',
  tradeChartDescription: "Study a market's price chart and order-book depth before you place an order.",
  searchTitle: 'Search markets',
  searchDescription: 'Find a market by its symbol and add it to your favorites.',
  perpetualHistoryDetailTitle: 'Perpetual contract history',
  perpetualPositionDetailTitle: 'Perpetual position details',
  spotOrderDetailTitle: 'Spot order details',
  spotPositionDetailTitle: 'Spot position details',
  walletLink: 'Wallet',
  kycLink: 'Identity verification (KYC)',
  stockLink: 'Stocks',
  assetsLink: 'Assets',
  c2cLink: 'Buy crypto (C2C)',
} as const;

export type Key = keyof typeof en;
type Texts = Record<Key, string>;

const hk: Texts = {
  quoteTitle: '行情',
  quoteDescription: '追蹤加密貨幣、外匯、股票、指數及差價合約的即時價格，並將常用市場加入自選。',
  tradeMarginTitle: '交易',
  tradeMarginDescription: '進行現貨及永續合約交易：以槓桿和保證金做多或做空，設定止盈止損，並追蹤您的持倉與訂單。',
  tradeChartTitle: '圖表',
  tradeChartDescription: '下單前查看市場的價格走勢圖及訂單簿深度。',
  searchTitle: '搜尋市場',
  searchDescription: '按代號搜尋市場，並加入自選。',
  perpetualHistoryDetailTitle: '永續合約歷史詳情',
  perpetualPositionDetailTitle: '永續合約持倉詳情',
  spotOrderDetailTitle: '現貨訂單詳情',
  spotPositionDetailTitle: '現貨持倉詳情',
  walletLink: '錢包',
  kycLink: '身份認證 (KYC)',
  stockLink: '股票',
  assetsLink: '資產',
  c2cLink: 'C2C 買幣',
};

const zh: Texts = {
  quoteTitle: '行情',
  quoteDescription: '追踪加密货币、外汇、股票、指数及差价合约的实时价格，并将常用市场加入自选。',
  tradeMarginTitle: '交易',
  tradeMarginDescription: '进行现货及永续合约交易：以杠杆和保证金做多或做空，设置止盈止损，并跟踪您的持仓与订单。',
  tradeChartTitle: '图表',
  tradeChartDescription: '下单前查看市场的价格走势图及订单簿深度。',
  searchTitle: '搜索市场',
  searchDescription: '按代码搜索市场，并加入自选。',
  perpetualHistoryDetailTitle: '永续合约历史详情',
  perpetualPositionDetailTitle: '永续合约持仓详情',
  spotOrderDetailTitle: '现货订单详情',
  spotPositionDetailTitle: '现货持仓详情',
  walletLink: '钱包',
  kycLink: '身份认证 (KYC)',
  stockLink: '股票',
  assetsLink: '资产',
  c2cLink: 'C2C 买币',
};

const kr: Texts = {
  quoteTitle: '시세',
  quoteDescription: '암호화폐, 외환, 주식, 지수, CFD의 실시간 가격을 확인하고 자주 보는 시장을 관심 목록에 추가하세요.',
  tradeMarginTitle: '거래',
  tradeMarginDescription:
    '현물 및 무기한 계약을 거래하세요. 레버리지와 증거금으로 롱 또는 숏, 이익 실현과 손절매를 설정하고 포지션과 주문을 확인합니다.',
  tradeChartTitle: '차트',
  tradeChartDescription: '주문하기 전에 시장의 가격 차트와 호가창 깊이를 살펴보세요.',
  searchTitle: '시장 검색',
  searchDescription: '심볼로 시장을 찾고 관심 목록에 추가하세요.',
  perpetualHistoryDetailTitle: '무기한 계약 내역 상세',
  perpetualPositionDetailTitle: '무기한 계약 포지션 상세',
  spotOrderDetailTitle: '현물 주문 상세',
  spotPositionDetailTitle: '현물 포지션 상세',
  walletLink: '지갑',
  kycLink: '본인 인증 (KYC)',
  stockLink: '주식',
  assetsLink: '자산',
  c2cLink: 'C2C 코인 구매',
};

const jp: Texts = {
  quoteTitle: '相場',
  quoteDescription: '暗号資産、FX、株式、指数、CFDのリアルタイム価格を確認し、よく見る市場をお気に入りに追加できます。',
  tradeMarginTitle: '取引',
  tradeMarginDescription:
    '現物と無期限契約を取引します。レバレッジと証拠金でロングまたはショートし、利確・損切りを設定して、ポジションと注文を確認できます。',
  tradeChartTitle: 'チャート',
  tradeChartDescription: '注文の前に、市場の価格チャートと板の厚みを確認できます。',
  searchTitle: '市場を検索',
  searchDescription: 'シンボルで市場を検索し、お気に入りに追加できます。',
  perpetualHistoryDetailTitle: '無期限契約の履歴詳細',
  perpetualPositionDetailTitle: '無期限契約のポジション詳細',
  spotOrderDetailTitle: '現物注文の詳細',
  spotPositionDetailTitle: '現物ポジションの詳細',
  walletLink: 'ウォレット',
  kycLink: '本人確認 (KYC)',
  stockLink: '株式',
  assetsLink: '資産',
  c2cLink: 'C2Cで購入',
};

const ge: Texts = {
  quoteTitle: 'Märkte',
  quoteDescription: 'Verfolgen Sie Live-Kurse von Krypto, Devisen, Aktien, Indizes und CFDs und behalten Sie Ihre Lieblingsmärkte im Blick.',
  tradeMarginTitle: 'Handeln',
  tradeMarginDescription:
    'Handeln Sie Spot- und unbefristete Kontrakte: long oder short mit Hebel und Margin, mit Take-Profit und Stop-Loss, und verfolgen Sie Ihre Positionen und Aufträge.',
  tradeChartTitle: 'Kursdiagramm',
  tradeChartDescription: 'Sehen Sie sich vor einem Auftrag das Kursdiagramm und die Orderbuchtiefe eines Marktes an.',
  searchTitle: 'Märkte suchen',
  searchDescription: 'Finden Sie einen Markt über sein Symbol und fügen Sie ihn Ihren Favoriten hinzu.',
  perpetualHistoryDetailTitle: 'Verlauf unbefristeter Kontrakte',
  perpetualPositionDetailTitle: 'Position im unbefristeten Kontrakt',
  spotOrderDetailTitle: 'Spot-Auftragsdetails',
  spotPositionDetailTitle: 'Spot-Positionsdetails',
  walletLink: 'Geldbörse',
  kycLink: 'Identitätsprüfung (KYC)',
  stockLink: 'Aktien',
  assetsLink: 'Vermögen',
  c2cLink: 'Krypto kaufen (C2C)',
};

const fr: Texts = {
  quoteTitle: 'Marchés',
  quoteDescription:
    'Suivez en direct les cours des cryptos, du forex, des actions, des indices et des CFD, et gardez vos marchés favoris à portée de main.',
  tradeMarginTitle: 'Trader',
  tradeMarginDescription:
    "Tradez au comptant et en contrats perpétuels : à la hausse ou à la baisse avec effet de levier et marge, avec take-profit et stop-loss, et suivez vos positions et ordres.",
  tradeChartTitle: 'Graphique',
  tradeChartDescription: "Étudiez le graphique des cours et la profondeur du carnet d'ordres d'un marché avant de passer un ordre.",
  searchTitle: 'Rechercher un marché',
  searchDescription: 'Trouvez un marché par son symbole et ajoutez-le à vos favoris.',
  perpetualHistoryDetailTitle: 'Historique des contrats perpétuels',
  perpetualPositionDetailTitle: 'Position en contrat perpétuel',
  spotOrderDetailTitle: "Détail de l'ordre au comptant",
  spotPositionDetailTitle: 'Détail de la position au comptant',
  walletLink: 'Portefeuille',
  kycLink: "Vérification d'identité (KYC)",
  stockLink: 'Actions',
  assetsLink: 'Actifs',
  c2cLink: 'Acheter des cryptos (C2C)',
};

const it: Texts = {
  quoteTitle: 'Mercati',
  quoteDescription: 'Segui in tempo reale i prezzi di cripto, forex, azioni, indici e CFD e tieni a portata di mano i tuoi mercati preferiti.',
  tradeMarginTitle: 'Negozia',
  tradeMarginDescription:
    'Negozia a pronti e con contratti perpetui: long o short con leva e margine, take profit e stop loss, e segui le tue posizioni e i tuoi ordini.',
  tradeChartTitle: 'Grafico',
  tradeChartDescription: 'Studia il grafico dei prezzi e la profondità del book di un mercato prima di inviare un ordine.',
  searchTitle: 'Cerca mercati',
  searchDescription: 'Trova un mercato tramite il suo simbolo e aggiungilo ai preferiti.',
  perpetualHistoryDetailTitle: 'Storico dei contratti perpetui',
  perpetualPositionDetailTitle: 'Posizione in contratto perpetuo',
  spotOrderDetailTitle: 'Dettaglio ordine a pronti',
  spotPositionDetailTitle: 'Dettaglio posizione a pronti',
  walletLink: 'Portafoglio',
  kycLink: "Verifica dell'identità (KYC)",
  stockLink: 'Azioni',
  assetsLink: 'Patrimonio',
  c2cLink: 'Compra cripto (C2C)',
};

const ru: Texts = {
  quoteTitle: 'Thị trường',
  quoteDescription: 'Theo dõi giá trực tiếp của tiền mã hóa, ngoại hối, cổ phiếu, chỉ số và CFD, và lưu các thị trường yêu thích.',
  tradeMarginTitle: 'Giao dịch',
  tradeMarginDescription:
    'Giao dịch giao ngay và hợp đồng vĩnh cửu: mua hoặc bán khống với đòn bẩy và ký quỹ, đặt chốt lời và cắt lỗ, theo dõi vị thế và lệnh của bạn.',
  tradeChartTitle: 'Biểu đồ',
  tradeChartDescription: 'Xem biểu đồ giá và độ sâu sổ lệnh của thị trường trước khi đặt lệnh.',
  searchTitle: 'Tìm thị trường',
  searchDescription: 'Tìm thị trường theo mã và thêm vào danh sách yêu thích.',
  perpetualHistoryDetailTitle: 'Chi tiết lịch sử hợp đồng vĩnh cửu',
  perpetualPositionDetailTitle: 'Chi tiết vị thế hợp đồng vĩnh cửu',
  spotOrderDetailTitle: 'Chi tiết lệnh giao ngay',
  spotPositionDetailTitle: 'Chi tiết vị thế giao ngay',
  walletLink: 'Ví',
  kycLink: 'Xác minh danh tính (KYC)',
  stockLink: 'Cổ phiếu',
  assetsLink: 'Tài sản',
  c2cLink: 'Mua tiền mã hóa (C2C)',
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
