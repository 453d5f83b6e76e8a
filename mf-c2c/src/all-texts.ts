import path from 'node:path';
import { readLocales } from '@meridian/shared/testing';
import type textsEn from '../locales/en/mf_c2c.json';
import type { Key } from './i18n';

/** This remote's texts in all nine languages, read from locales/ (tests only; the app loads one language). */
export const translations = readLocales<typeof textsEn>(path.join(__dirname, '../locales'), 'mf_c2c');

/** Keys whose text may equal the English one in another language (proper names, symbols). */
/**
 * "C2C" is the product's name in every language; Wise, PayPal and Revolut are brands; "Total", "Message", "min",
 * "Chat", "Spread", "Coin", "Online" and "Limits" are the words French, German or Italian screens use as they are.
 */
export const SAME_AS_ENGLISH_ALLOWED: readonly Key[] = [
  'slotNavC2c', 'slotEntryC2c', 'c2cKind_paypal', 'c2cKind_revolut', 'c2cKind_wise', 'c2cMinutes', 'c2cTotal', 'c2cChatTitle',
  'c2cChatLabel', 'otcSpread', 'c2cCoinLabel', 'c2cAdOpen', 'c2cLimits',
];
