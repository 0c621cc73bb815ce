/** The inbound-mail feature's public face: nothing other features need; it calls the comment features. */
export {};
