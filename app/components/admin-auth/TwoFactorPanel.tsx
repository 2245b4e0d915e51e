import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Code,
  CopyButton,
  Divider,
  Group,
  Image,
  PinInput,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconAlertCircle, IconCheck, IconCopy } from "@tabler/icons-react";
import { useEffect, useId, useRef, useState } from "react";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { messageAnswer, twoFactorSetupAnswer } from "~/shared/schemas/answers";
import { twoFactorCodeSchema } from "./schemas";

type Setup = ApiData<typeof twoFactorSetupAnswer>;

/** Enrolment (QR code and key for manual entry) when needed, then the 6-digit code. */
export function TwoFactorPanel({ enrolled: enrolledAtLoad, onPassed }: { enrolled: boolean; onPassed(): void }) {
  const [enrolled, setEnrolled] = useState(enrolledAtLoad);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [setupAttempt, setSetupAttempt] = useState(0);

  useEffect(() => {
    if (enrolled) return;
    let cancelled = false;
    // The API keeps a pending secret, so asking again (reload, strict mode) shows the same QR.
    api<ApiData<typeof twoFactorSetupAnswer>>("/auth/2fa/setup", { method: "POST" }).then((res) => {
      if (cancelled) return;
      if (res.ok) setSetup(res.data);
      else if (res.status === 409) setEnrolled(true);
      else setSetupError(res.message || t("adminAuth.twoFactor.setupFailed"));
    });
    return () => {
      cancelled = true;
    };
  }, [enrolled, setupAttempt]);

  if (enrolled)
    return (
      <Stack gap="lg">
        <Text size="sm">{t("adminAuth.twoFactor.enterCode")}</Text>
        <CodeForm onPassed={onPassed} autoFocus />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Text size="sm" fw={500}>
        {t("adminAuth.twoFactor.stepScan")}
      </Text>
      {setupError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <span>{setupError}</span>
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                setSetupError(null);
                setSetupAttempt((n) => n + 1);
              }}
            >
              {t("adminAuth.twoFactor.retry")}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Center>
          {setup ? (
            <Box p={8} bg="white" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 12 }}>
              <Image src={setup.qr_data_url} alt={t("adminAuth.twoFactor.qrAlt")} w={184} h={184} />
            </Box>
          ) : (
            <Skeleton w={202} h={202} radius={12} />
          )}
        </Center>
      )}
      {setup ? (
        <Stack gap={6}>
          <Text size="xs" c="gray.7">
            {t("adminAuth.twoFactor.manualEntry")}
          </Text>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Code fz="sm" style={{ letterSpacing: "0.08em", lineHeight: 1.8 }} data-testid="totp-secret">
              {setup.secret.match(/.{1,4}/g)?.map((group, i) => (
                <span key={i} style={{ display: "inline-block", marginRight: "0.6em" }}>
                  {group}
                </span>
              ))}
            </Code>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t("adminAuth.twoFactor.copied") : t("adminAuth.twoFactor.copy")} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? "accent" : "gray"}
                    onClick={copy}
                    aria-label={t("adminAuth.twoFactor.copy")}
                  >
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ) : null}
      <Divider my={4} />
      <Text size="sm" fw={500}>
        {t("adminAuth.twoFactor.stepCode")}
      </Text>
      <CodeForm onPassed={onPassed} disabled={!setup} />
    </Stack>
  );
}

/** The 6-digit code: submits itself when the sixth digit is typed or pasted. */
function CodeForm({ onPassed, disabled, autoFocus }: { onPassed(): void; disabled?: boolean; autoFocus?: boolean }) {
  const form = useEntityForm(twoFactorCodeSchema, { code: "" });
  const firstInput = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const errorId = useId();
  const submit = useFormSubmit(
    form,
    (values) =>
      api<ApiData<typeof messageAnswer>>("/auth/2fa/verify", {
        form: { code: twoFactorCodeSchema.parse(values).code },
      }),
    () => onPassed(),
    {
      toastSuccess: false,
      // Passed: the page moves on (the code stays, the button busy).
      redirects: true,
      onFailure(r) {
        // A wrong code is cleared and the first box takes the focus for the next try.
        form.setValues({ code: "" });
        form.setErrors({ code: r.fields.code ?? r.message });
        requestAnimationFrame(() => firstInput.current?.focus());
        return true;
      },
    },
  );
  const error = form.errors.code;

  return (
    <form noValidate onSubmit={submit.onSubmit}>
      <Stack gap="sm">
        <Text id={labelId} size="sm" fw={500} className="visually-hidden">
          {t("adminAuth.twoFactor.codeLabel")}
        </Text>
        <Center>
          <PinInput
            ref={firstInput}
            role="group"
            aria-labelledby={labelId}
            length={6}
            type="number"
            oneTimeCode
            size="md"
            gap={8}
            value={form.getValues().code}
            onChange={(v) => form.setFieldValue("code", v)}
            onComplete={(v) => {
              form.setFieldValue("code", v);
              submit.onSubmit();
            }}
            error={!!error}
            disabled={disabled || submit.submitting}
            autoFocus={autoFocus}
            name="code"
            getInputProps={(i) => ({
              "aria-label": t("adminAuth.twoFactor.digitLabel", { n: i + 1 }),
              "aria-describedby": error ? errorId : undefined,
            })}
          />
        </Center>
        {error ? (
          <Text id={errorId} size="sm" c="var(--mantine-color-error)" ta="center" role="alert">
            {error}
          </Text>
        ) : null}
        <Button type="submit" fullWidth size="md" loading={submit.submitting} disabled={disabled}>
          {t("adminAuth.twoFactor.submit")}
        </Button>
      </Stack>
    </form>
  );
}
