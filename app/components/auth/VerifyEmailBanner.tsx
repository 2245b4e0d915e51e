import { Alert, Button, Group, Text } from "@mantine/core";
import { IconMailExclamation } from "@tabler/icons-react";
import { t } from "~/lib/messages";
import { notifyError, notifySuccess } from "./notify";
import { useResendVerification } from "./useResendVerification";

/** Shown to a logged-in user whose email is not verified yet, with a resend button. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { state, send } = useResendVerification();
  const resend = async () => {
    const r = await send();
    if (r.status === "sent") notifySuccess(r.message || t("auth.verify.checkInboxTitle"));
    else if (r.status === "failed" && r.message !== t("auth.login.expired")) notifyError(r.message);
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="lg"
      icon={<IconMailExclamation size={22} />}
      title={t("auth.verify.bannerTitle")}
    >
      <Group justify="space-between" gap="sm" align="center">
        <Text size="sm" style={{ flex: "1 1 260px" }}>
          {t("auth.verify.bannerText", { email })}
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={resend} loading={state.status === "sending"}>
          {state.status === "sent" ? t("auth.verify.resendAgain") : t("auth.verify.resend")}
        </Button>
      </Group>
    </Alert>
  );
}
