// The open screens' form schemas, in one chunk loaded on first input (see ui/form/lazy-schema.ts).
export {
  acceptInviteSchema,
  loginSchema,
  onboardCustomerSchema,
  passwordResetRequestSchema,
  registerSchema,
  setupAdminSchema,
} from "@atelier/shared";
