/**
 * A bank account for the app to take bank transfer orders to, for tests outside billing that need
 * a payment (privacy's export and removal). Billing's own tests use test/billing-scene.ts.
 */
export const BANK_ACCOUNT_ENV = {
  PAYMENT_BANK_IBAN: "DE89 3704 0044 0532 0130 00",
  PAYMENT_BANK_BIC: "COBADEFFXXX",
  PAYMENT_BANK_BENEFICIARY: "Atelier Studio GmbH",
};
