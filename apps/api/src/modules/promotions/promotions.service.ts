/**
 * The promotions module's one door for the rest of the API: the promo-code check that checkout
 * runs (purchases) and what a code is.
 */
export { checkPromoCode, type PromoCheck, type PromoCodeRow, type PromoRefusal } from './promo-codes.service.ts'
