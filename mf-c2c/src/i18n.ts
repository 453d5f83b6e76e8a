import { useTranslation } from 'react-i18next';
import type { CommonKey, LanguageCode } from '@meridian/shared';

/** Federation name of this remote; also its i18n namespace. */
export const NS = 'mf_c2c';

const en = {
  c2cTitle: 'C2C trading',
  c2cDescription: 'Buy and sell digital currency directly with other users, at the prices they offer.',
  otcTitle: 'OTC desk',
  otcDescription: 'Buy or sell digital currency over the counter against the fiat currencies on offer, with your balance and trade records at hand.',
  quoteLink: 'Markets',
  walletLink: 'Wallet',
  convertLink: 'Convert',
  rechargeLink: 'Deposit',
  assetsLink: 'Assets',
} as const;

export type Key = keyof typeof en;
type Texts = Record<Key, string>;

const hk: Texts = {
  c2cTitle: 'C2C 交易',
  c2cDescription: '按其他用戶提供的價格，直接與他們買賣數字貨幣。',
  otcTitle: '場外交易 (OTC)',
  otcDescription: '以所提供的法定貨幣在場外買賣數字貨幣，並隨時查看餘額及交易記錄。',
  quoteLink: '行情',
  walletLink: '錢包',
  convertLink: '兌換',
  rechargeLink: '充值',
  assetsLink: '資產',
};

const zh: Texts = {
  c2cTitle: 'C2C 交易',
  c2cDescription: '按其他用户提供的价格，直接与他们买卖数字货币。',
  otcTitle: '场外交易 (OTC)',
  otcDescription: '以所提供的法定货币在场外买卖数字货币，并随时查看余额及交易记录。',
  quoteLink: '行情',
  walletLink: '钱包',
  convertLink: '兑换',
  rechargeLink: '充值',
  assetsLink: '资产',
};

const kr: Texts = {
  c2cTitle: 'C2C 거래',
  c2cDescription: '다른 사용자가 제시한 가격으로 디지털 화폐를 직접 사고팔 수 있습니다.',
  otcTitle: '장외 거래 (OTC)',
  otcDescription: '제공되는 법정 화폐로 디지털 화폐를 장외에서 사고팔고, 잔액과 거래 기록을 확인하세요.',
  quoteLink: '시세',
  walletLink: '지갑',
  convertLink: '환전',
  rechargeLink: '입금',
  assetsLink: '자산',
};

const jp: Texts = {
  c2cTitle: 'C2C取引',
  c2cDescription: '他のユーザーが提示する価格で、デジタル通貨を直接売買できます。',
  otcTitle: '店頭取引 (OTC)',
  otcDescription: '提供される法定通貨でデジタル通貨を店頭で売買し、残高と取引記録を確認できます。',
  quoteLink: '相場',
  walletLink: 'ウォレット',
  convertLink: '交換',
  rechargeLink: '入金',
  assetsLink: '資産',
};

const ge: Texts = {
  c2cTitle: 'C2C-Handel',
  c2cDescription: 'Kaufen und verkaufen Sie digitale Währungen direkt mit anderen Nutzern zu den Preisen, die diese anbieten.',
  otcTitle: 'Außerbörslicher Handel (OTC)',
  otcDescription: 'Kaufen oder verkaufen Sie digitale Währungen außerbörslich gegen die angebotenen Fiat-Währungen, mit Guthaben und Handelsverlauf im Blick.',
  quoteLink: 'Märkte',
  walletLink: 'Geldbörse',
  convertLink: 'Umtauschen',
  rechargeLink: 'Einzahlen',
  assetsLink: 'Vermögen',
};

const fr: Texts = {
  c2cTitle: 'Échange C2C',
  c2cDescription: "Achetez et vendez des devises numériques directement avec d'autres utilisateurs, aux prix qu'ils proposent.",
  otcTitle: 'Guichet OTC (de gré à gré)',
  otcDescription: 'Achetez ou vendez des devises numériques de gré à gré contre les monnaies fiduciaires proposées, avec votre solde et vos opérations à portée de main.',
  quoteLink: 'Marchés',
  walletLink: 'Portefeuille',
  convertLink: 'Convertir',
  rechargeLink: 'Déposer',
  assetsLink: 'Actifs',
};

const it: Texts = {
  c2cTitle: 'Scambio C2C',
  c2cDescription: 'Compra e vendi valuta digitale direttamente con altri utenti, ai prezzi che offrono.',
  otcTitle: 'Sportello OTC (fuori borsa)',
  otcDescription: 'Compra o vendi valuta digitale fuori borsa con le valute fiat disponibili, tenendo sotto controllo saldo e storico delle operazioni.',
  quoteLink: 'Mercati',
  walletLink: 'Portafoglio',
  convertLink: 'Converti',
  rechargeLink: 'Deposita',
  assetsLink: 'Patrimonio',
};

const ru: Texts = {
  c2cTitle: 'Giao dịch C2C',
  c2cDescription: 'Mua bán tiền kỹ thuật số trực tiếp với người dùng khác theo giá họ đưa ra.',
  otcTitle: 'Giao dịch OTC',
  otcDescription: 'Mua hoặc bán tiền kỹ thuật số trên thị trường phi tập trung (OTC) bằng các loại tiền pháp định được cung cấp, theo dõi số dư và lịch sử giao dịch.',
  quoteLink: 'Thị trường',
  walletLink: 'Ví',
  convertLink: 'Chuyển đổi',
  rechargeLink: 'Nạp tiền',
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
