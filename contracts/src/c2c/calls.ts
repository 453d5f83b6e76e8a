import { call } from '../kit/call.js';
import type { c2cSchemas as S } from './schemas.js';

/** C2C (merchant ads, escrowed orders, chat, appeals) and OTC against the platform (server/src/modules/c2c). */
export const c2c = {
  list: call<typeof S.list>('GET', '/asset/api/c2c/list'),
  merchant: call<typeof S.merchant>('GET', '/asset/api/c2c/merchant'),
  applyMerchant: call<typeof S.applyMerchant>('POST', '/asset/api/c2c/merchant/apply'),
  paymentMethods: call<typeof S.paymentMethods>('GET', '/asset/api/c2c/payment-method/list'),
  addPaymentMethod: call<typeof S.addPaymentMethod>('POST', '/asset/api/c2c/payment-method/add'),
  removePaymentMethod: call<typeof S.removePaymentMethod>('POST', '/asset/api/c2c/payment-method/remove'),
  createAd: call<typeof S.createAd>('POST', '/asset/api/c2c/ad/create'),
  closeAd: call<typeof S.closeAd>('POST', '/asset/api/c2c/ad/close'),
  myAds: call<typeof S.myAds>('GET', '/asset/api/c2c/ad/mine'),
  createOrder: call<typeof S.createOrder>('POST', '/asset/api/c2c/order/create'),
  orders: call<typeof S.orders>('GET', '/asset/api/c2c/order/list'),
  order: call<typeof S.order>('GET', '/asset/api/c2c/order/detail'),
  markPaid: call<typeof S.markPaid>('POST', '/asset/api/c2c/order/paid'),
  release: call<typeof S.release>('POST', '/asset/api/c2c/order/release'),
  cancel: call<typeof S.cancel>('POST', '/asset/api/c2c/order/cancel'),
  appeal: call<typeof S.appeal>('POST', '/asset/api/c2c/order/appeal'),
  messages: call<typeof S.messages>('GET', '/asset/api/c2c/order/messages'),
  sendMessage: call<typeof S.sendMessage>('POST', '/asset/api/c2c/order/message'),
  exchangeInfo: call<typeof S.exchangeInfo>('GET', '/asset/api/asset/exchangeInfo'),
  queryUserBalance: call<typeof S.queryUserBalance>('POST', '/asset/api/asset/queryUserBalance'),
  currencyBuy: call<typeof S.currencyBuy>('POST', '/asset/api/asset/currencyBuy'),
  currencySell: call<typeof S.currencySell>('POST', '/asset/api/asset/currencySell'),
  tradingRecord: call<typeof S.tradingRecord>('POST', '/asset/api/asset/tradingRecord'),
  paymentMethodInfo: call<typeof S.paymentMethodInfo>('GET', '/asset/api/paymentMethod/getPaymentMethodInfo'),
};
