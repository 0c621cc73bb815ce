import { PASSWORD_MIN_LENGTH } from "@atelier/shared";
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { type BillingValues, billingPayload, EMPTY_BILLING } from "../../ui/form/billing-values.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { lazySchema } from "../../ui/form/lazy-schema.ts";
import { newPasswordError } from "../../ui/form/password-fields.ts";
import { formAlertText, passwordForSchema, serverFieldErrors } from "../../ui/form/schema-errors.ts";
import { useSimpleForm } from "../../ui/form/use-simple-form.ts";
import { PlaceholderBar } from "../../ui/screen-skeleton.tsx";
import classes from "./onboard.module.css";
import { OnboardSteps } from "./onboard-steps.tsx";
import { useOnboardCustomer } from "./use-onboard-calls.ts";

const schema = lazySchema(async () => (await import("./auth-schemas.ts")).onboardCustomerSchema);

// The company step's fields bring the country list and Mantine's Select (about 50 KB): they load
// with the first input of the account step, so the screen opens without them and the step after
// has them ready.
const loadBillingFields = () => import("../../ui/form/billing-fields.tsx");
const BillingFields = lazy(() => loadBillingFields().then((module) => ({ default: module.BillingFields })));

function loadLazyParts() {
  void schema.load();
  // A failed fetch (offline) is tried again when the step draws the fields.
  loadBillingFields().catch(() => {});
}

type OnboardValues = BillingValues & {
  name: string;
  surname: string;
  email: string;
  password: string;
  projectName: string;
};

/** Which step holds each field, so a refused field sends the user back to it. */
const STEP_FIELDS: readonly (readonly string[])[] = [
  ["name", "surname", "email", "password"],
  ["customerType", "customerCompanyName", "customerAddress", "customerPost", "customerPostCode", "country"],
  ["projectName"],
];
const STEP_LABELS = ["Account", "Company", "Project"] as const;
const LAST_STEP = STEP_FIELDS.length - 1;

function stepOf(field: string): number {
  const index = STEP_FIELDS.findIndex((fields) => fields.includes(field));
  return index === -1 ? LAST_STEP : index;
}

function allErrors(values: OnboardValues): Record<string, string> {
  const { customerFirstName: _first, customerLastName: _last, ...billing } = billingPayload(values);
  const errors = schema.errors({
    ...billing,
    name: values.name,
    surname: values.surname,
    email: values.email,
    password: passwordForSchema(values.password),
    projectName: values.projectName,
  });
  const passwordError = newPasswordError(values.password);
  if (passwordError) errors.password = passwordError;
  return errors;
}

/** /onboard without a setup link: a new customer's account, company details and first project in one flow. */
export function OnboardCustomerForm() {
  const [step, setStep] = useState(0);
  const onboard = useOnboardCustomer();
  const form = useSimpleForm<OnboardValues>({
    initialValues: { ...EMPTY_BILLING, name: "", surname: "", email: "", password: "", projectName: "" },
  });

  /** Shows the errors of the steps up to `upTo`; true when they are clean. */
  function checkSteps(upTo: number): boolean {
    const errors = Object.fromEntries(
      Object.entries(allErrors(form.values)).filter(([field]) => stepOf(field) <= upTo),
    );
    form.setErrors(errors);
    const firstBad = Object.keys(errors)
      .map(stepOf)
      .sort((a, b) => a - b)[0];
    if (firstBad !== undefined) {
      setStep(firstBad);
      return false;
    }
    return true;
  }

  function submit() {
    if (!checkSteps(LAST_STEP)) return;
    const { customerFirstName: _first, customerLastName: _last, ...billing } = billingPayload(form.values);
    onboard.mutate(
      {
        ...billing,
        name: form.values.name,
        surname: form.values.surname,
        email: form.values.email,
        password: form.values.password,
        projectName: form.values.projectName,
      },
      {
        onError: (error) => {
          const fields = serverFieldErrors(error);
          form.setErrors(fields);
          const firstBad = Object.keys(fields)
            .map(stepOf)
            .sort((a, b) => a - b)[0];
          if (firstBad !== undefined) setStep(firstBad);
        },
      },
    );
  }

  return (
    <form
      noValidate
      onInput={loadLazyParts}
      // Each step is checked against the schema, which loads with the first input (or here).
      onSubmit={schema.submit(() => {
        if (step < LAST_STEP) {
          if (checkSteps(step)) setStep(step + 1);
        } else submit();
      })}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Create your account, tell us who to invoice and name your first project.
        </Text>
        <FormAlert
          message={formAlertText(
            onboard.error,
            "Unable to create your account. Try again later!",
            Object.keys(form.values),
          )}
        />
        <OnboardSteps labels={STEP_LABELS} active={step} onSelect={setStep} />
        {step === 0 ? (
          <Stack gap="md">
            <div className={classes.names}>
              <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps("name")} />
              <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps("surname")} />
            </div>
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
            <PasswordInput
              label="Password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters`}
              autoComplete="new-password"
              required
              {...form.getInputProps("password")}
            />
          </Stack>
        ) : step === 1 ? (
          <Suspense fallback={<PlaceholderBar height={280} />}>
            <BillingFields
              values={form.values}
              withNames={false}
              getInputProps={(path) => form.getInputProps(path)}
              setCustomerType={(type) => form.setFieldValue("customerType", type)}
              setCountry={(code) => form.setFieldValue("country", code)}
            />
          </Suspense>
        ) : (
          <TextInput
            label="Project name"
            description="You can add more projects later."
            required
            {...form.getInputProps("projectName")}
          />
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setStep(step - 1)} disabled={step === 0}>
            Back
          </Button>
          <Button type="submit" loading={onboard.isPending}>
            {step < LAST_STEP ? "Next" : "Create account"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
