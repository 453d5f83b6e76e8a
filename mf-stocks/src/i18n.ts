import { useTranslation } from 'react-i18next';
import type { CommonKey, LanguageCode } from '@meridian/shared';

/** Federation name of this remote; also its i18n namespace. */
export const NS = 'mf_stocks';

const en = {
  stockTitle: 'Stocks',
  stockDescription: 'Trade US and Japanese stocks, follow the top gainers and losers, your positions and purchase records, and subscribe to IPOs.',
  stockSearchTitle: 'Search stocks',
  stockDetailTitle: 'Stock details',
  stockBuySellTitle: 'Buy or sell a stock',
  aiTradingTitle: 'AI fund trading',
  aiTradingDescription: 'Invest in AI fund products from a minimum share at an expected rate, and follow your positions and history.',
  aiBuyTitle: 'Buy AI fund shares',
  aiSellTitle: 'Redeem AI fund shares',
  dayTradingTitle: 'Day trading',
  dayTradingDescription: 'Trade stocks within the day from a separate day-trading account: transfer funds in and out, and follow your orders and fund records.',
  daySwitchToTitle: 'Transfer in',
  dayRollOutTitle: 'Transfer out',
  dayFundRecordsTitle: 'Fund records',
  dayPositionDetailTitle: 'Position details',
  blockTradeTitle: 'Block trades',
  blockTradeDescription: 'Subscribe to block trades of stocks and follow your subscription records.',
  blockBuyTitle: 'Subscribe to a block trade',
  blockHistoryTitle: 'Block trade records',
  quoteLink: 'Markets',
  tradeLink: 'Trade',
  walletLink: 'Wallet',
  assetsLink: 'Assets',
} as const;

export type Key = keyof typeof en;
type Texts = Record<Key, string>;

const hk: Texts = {
  stockTitle: '股票',
  stockDescription: '買賣美國及日本股票，查看漲幅榜與跌幅榜、您的持倉及購買記錄，並認購新股 (IPO)。',
  stockSearchTitle: '搜尋股票',
  stockDetailTitle: '股票詳情',
  stockBuySellTitle: '買入或賣出股票',
  aiTradingTitle: 'AI 基金交易',
  aiTradingDescription: '以最低份額投資 AI 基金產品，參考預期收益率，並查看您的持倉及歷史記錄。',
  aiBuyTitle: '買入 AI 基金',
  aiSellTitle: '贖回 AI 基金',
  dayTradingTitle: '日內交易',
  dayTradingDescription: '使用獨立的日內交易帳戶當日買賣股票：轉入及轉出資金，並查看您的訂單與資金記錄。',
  daySwitchToTitle: '轉入',
  dayRollOutTitle: '轉出',
  dayFundRecordsTitle: '資金記錄',
  dayPositionDetailTitle: '持倉詳情',
  blockTradeTitle: '大宗交易',
  blockTradeDescription: '認購股票大宗交易，並查看您的認購記錄。',
  blockBuyTitle: '認購大宗交易',
  blockHistoryTitle: '大宗交易記錄',
  quoteLink: '行情',
  tradeLink: '交易',
  walletLink: '錢包',
  assetsLink: '資產',
};

const zh: Texts = {
  stockTitle: '股票',
  stockDescription: '买卖美国及日本股票，查看涨幅榜与跌幅榜、您的持仓及购买记录，并申购新股 (IPO)。',
  stockSearchTitle: '搜索股票',
  stockDetailTitle: '股票详情',
  stockBuySellTitle: '买入或卖出股票',
  aiTradingTitle: 'AI 基金交易',
  aiTradingDescription: '以最低份额投资 AI 基金产品，参考预期收益率，并查看您的持仓及历史记录。',
  aiBuyTitle: '买入 AI 基金',
  aiSellTitle: '赎回 AI 基金',
  dayTradingTitle: '日内交易',
  dayTradingDescription: '使用独立的日内交易账户当日买卖股票：转入及转出资金，并查看您的订单与资金记录。',
  daySwitchToTitle: '转入',
  dayRollOutTitle: '转出',
  dayFundRecordsTitle: '资金记录',
  dayPositionDetailTitle: '持仓详情',
  blockTradeTitle: '大宗交易',
  blockTradeDescription: '认购股票大宗交易，并查看您的认购记录。',
  blockBuyTitle: '认购大宗交易',
  blockHistoryTitle: '大宗交易记录',
  quoteLink: '行情',
  tradeLink: '交易',
  walletLink: '钱包',
  assetsLink: '资产',
};

const kr: Texts = {
  stockTitle: '주식',
  stockDescription: '미국 및 일본 주식을 거래하고, 상승·하락 상위 종목과 보유 포지션, 매수 기록을 확인하며, 공모주(IPO)를 청약하세요.',
  stockSearchTitle: '주식 검색',
  stockDetailTitle: '주식 상세',
  stockBuySellTitle: '주식 매수 또는 매도',
  aiTradingTitle: 'AI 펀드 거래',
  aiTradingDescription: '최소 지분부터 예상 수익률에 따라 AI 펀드 상품에 투자하고, 보유 현황과 내역을 확인하세요.',
  aiBuyTitle: 'AI 펀드 매수',
  aiSellTitle: 'AI 펀드 환매',
  dayTradingTitle: '데이 트레이딩',
  dayTradingDescription: '별도의 데이 트레이딩 계좌로 당일 주식을 거래하세요. 자금을 이체 입출금하고 주문과 자금 기록을 확인할 수 있습니다.',
  daySwitchToTitle: '입금 이체',
  dayRollOutTitle: '출금 이체',
  dayFundRecordsTitle: '자금 기록',
  dayPositionDetailTitle: '포지션 상세',
  blockTradeTitle: '블록 딜',
  blockTradeDescription: '주식 블록 딜에 청약하고 청약 기록을 확인하세요.',
  blockBuyTitle: '블록 딜 청약',
  blockHistoryTitle: '블록 딜 기록',
  quoteLink: '시세',
  tradeLink: '거래',
  walletLink: '지갑',
  assetsLink: '자산',
};

const jp: Texts = {
  stockTitle: '株式',
  stockDescription: '米国株と日本株を売買し、値上がり・値下がりランキング、保有ポジション、購入履歴を確認し、IPOに申し込めます。',
  stockSearchTitle: '株式を検索',
  stockDetailTitle: '銘柄の詳細',
  stockBuySellTitle: '株式の売買',
  aiTradingTitle: 'AIファンド取引',
  aiTradingDescription: '最低口数からAIファンド商品に投資し、期待利回りを確認しながら、保有状況と履歴を追跡できます。',
  aiBuyTitle: 'AIファンドを購入',
  aiSellTitle: 'AIファンドを解約',
  dayTradingTitle: 'デイトレード',
  dayTradingDescription: '専用のデイトレード口座で株式を当日中に売買します。資金の振替入出金を行い、注文と資金履歴を確認できます。',
  daySwitchToTitle: '振替入金',
  dayRollOutTitle: '振替出金',
  dayFundRecordsTitle: '資金履歴',
  dayPositionDetailTitle: 'ポジション詳細',
  blockTradeTitle: 'ブロック取引',
  blockTradeDescription: '株式のブロック取引に申し込み、申込履歴を確認できます。',
  blockBuyTitle: 'ブロック取引に申し込む',
  blockHistoryTitle: 'ブロック取引の履歴',
  quoteLink: '相場',
  tradeLink: '取引',
  walletLink: 'ウォレット',
  assetsLink: '資産',
};

const ge: Texts = {
  stockTitle: 'Aktien',
  stockDescription: 'Handeln Sie US- und japanische Aktien, verfolgen Sie die größten Gewinner und Verlierer, Ihre Positionen und Käufe, und zeichnen Sie Börsengänge (IPOs).',
  stockSearchTitle: 'Aktien suchen',
  stockDetailTitle: 'Aktiendetails',
  stockBuySellTitle: 'Aktie kaufen oder verkaufen',
  aiTradingTitle: 'KI-Fondshandel',
  aiTradingDescription: 'Investieren Sie ab einem Mindestanteil zu einer erwarteten Rendite in KI-Fonds und verfolgen Sie Ihre Positionen und Ihren Verlauf.',
  aiBuyTitle: 'KI-Fondsanteile kaufen',
  aiSellTitle: 'KI-Fondsanteile zurückgeben',
  dayTradingTitle: 'Daytrading',
  dayTradingDescription: 'Handeln Sie Aktien innerhalb eines Tages über ein separates Daytrading-Konto: Geld hinein- und herausbuchen, Aufträge und Geldbewegungen verfolgen.',
  daySwitchToTitle: 'Geld hineinbuchen',
  dayRollOutTitle: 'Geld herausbuchen',
  dayFundRecordsTitle: 'Geldbewegungen',
  dayPositionDetailTitle: 'Positionsdetails',
  blockTradeTitle: 'Blockhandel',
  blockTradeDescription: 'Zeichnen Sie Aktien-Blockgeschäfte und verfolgen Sie Ihre Zeichnungen.',
  blockBuyTitle: 'Blockgeschäft zeichnen',
  blockHistoryTitle: 'Verlauf der Blockgeschäfte',
  quoteLink: 'Märkte',
  tradeLink: 'Handeln',
  walletLink: 'Geldbörse',
  assetsLink: 'Vermögen',
};

const fr: Texts = {
  stockTitle: 'Actions',
  stockDescription: 'Négociez des actions américaines et japonaises, suivez les plus fortes hausses et baisses, vos positions et vos achats, et souscrivez aux introductions en bourse.',
  stockSearchTitle: 'Rechercher une action',
  stockDetailTitle: "Détail de l'action",
  stockBuySellTitle: 'Acheter ou vendre une action',
  aiTradingTitle: 'Fonds pilotés par IA',
  aiTradingDescription: 'Investissez dans des fonds pilotés par IA dès une part minimale, à un taux attendu, et suivez vos positions et votre historique.',
  aiBuyTitle: 'Acheter des parts de fonds IA',
  aiSellTitle: 'Racheter des parts de fonds IA',
  dayTradingTitle: 'Trading intrajournalier',
  dayTradingDescription: 'Négociez des actions dans la journée depuis un compte dédié : transférez des fonds vers ce compte ou depuis celui-ci, et suivez vos ordres et mouvements de fonds.',
  daySwitchToTitle: 'Virement entrant',
  dayRollOutTitle: 'Virement sortant',
  dayFundRecordsTitle: 'Mouvements de fonds',
  dayPositionDetailTitle: 'Détail de la position',
  blockTradeTitle: 'Transactions de bloc',
  blockTradeDescription: 'Souscrivez à des transactions de bloc sur actions et suivez vos souscriptions.',
  blockBuyTitle: 'Souscrire une transaction de bloc',
  blockHistoryTitle: 'Historique des transactions de bloc',
  quoteLink: 'Marchés',
  tradeLink: 'Trader',
  walletLink: 'Portefeuille',
  assetsLink: 'Actifs',
};

const it: Texts = {
  stockTitle: 'Azioni',
  stockDescription: 'Negozia azioni statunitensi e giapponesi, segui i titoli in maggior rialzo e ribasso, le tue posizioni e i tuoi acquisti, e sottoscrivi le IPO.',
  stockSearchTitle: 'Cerca azioni',
  stockDetailTitle: 'Dettaglio del titolo',
  stockBuySellTitle: 'Compra o vendi un titolo',
  aiTradingTitle: "Fondi gestiti dall'IA",
  aiTradingDescription: "Investi in fondi gestiti dall'IA a partire da una quota minima con un rendimento atteso, e segui posizioni e storico.",
  aiBuyTitle: 'Acquista quote del fondo IA',
  aiSellTitle: 'Riscatta quote del fondo IA',
  dayTradingTitle: 'Trading intraday',
  dayTradingDescription: 'Negozia azioni in giornata da un conto dedicato: trasferisci fondi in entrata e in uscita e segui ordini e movimenti.',
  daySwitchToTitle: 'Trasferimento in entrata',
  dayRollOutTitle: 'Trasferimento in uscita',
  dayFundRecordsTitle: 'Movimenti di fondi',
  dayPositionDetailTitle: 'Dettaglio della posizione',
  blockTradeTitle: 'Operazioni a blocchi',
  blockTradeDescription: 'Sottoscrivi operazioni a blocchi su azioni e segui le tue sottoscrizioni.',
  blockBuyTitle: "Sottoscrivi un'operazione a blocchi",
  blockHistoryTitle: 'Storico delle operazioni a blocchi',
  quoteLink: 'Mercati',
  tradeLink: 'Negozia',
  walletLink: 'Portafoglio',
  assetsLink: 'Patrimonio',
};

const ru: Texts = {
  stockTitle: 'Cổ phiếu',
  stockDescription: 'Giao dịch cổ phiếu Mỹ và Nhật Bản, theo dõi mã tăng và giảm mạnh nhất, vị thế và lịch sử mua của bạn, và đăng ký mua cổ phiếu IPO.',
  stockSearchTitle: 'Tìm cổ phiếu',
  stockDetailTitle: 'Chi tiết cổ phiếu',
  stockBuySellTitle: 'Mua hoặc bán cổ phiếu',
  aiTradingTitle: 'Giao dịch quỹ AI',
  aiTradingDescription: 'Đầu tư vào các sản phẩm quỹ AI từ mức cổ phần tối thiểu với lợi suất kỳ vọng, và theo dõi vị thế cùng lịch sử của bạn.',
  aiBuyTitle: 'Mua chứng chỉ quỹ AI',
  aiSellTitle: 'Bán lại chứng chỉ quỹ AI',
  dayTradingTitle: 'Giao dịch trong ngày',
  dayTradingDescription: 'Giao dịch cổ phiếu trong ngày bằng tài khoản riêng: chuyển tiền vào và ra, theo dõi lệnh và lịch sử dòng tiền của bạn.',
  daySwitchToTitle: 'Chuyển vào',
  dayRollOutTitle: 'Chuyển ra',
  dayFundRecordsTitle: 'Lịch sử dòng tiền',
  dayPositionDetailTitle: 'Chi tiết vị thế',
  blockTradeTitle: 'Giao dịch khối lượng lớn',
  blockTradeDescription: 'Đăng ký mua cổ phiếu qua giao dịch khối lượng lớn và theo dõi lịch sử đăng ký.',
  blockBuyTitle: 'Đăng ký giao dịch khối',
  blockHistoryTitle: 'Lịch sử giao dịch khối',
  quoteLink: 'Thị trường',
  tradeLink: 'Giao dịch',
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
