import { Modal } from "@mantine/core";
import { useEffect } from "react";
import { t } from "~/lib/messages";
import { modalStyles } from "./modal-styles";
import { ResetForm } from "./ResetForm";

interface ForgotDialogProps {
  opened: boolean;
  initialEmail?: string;
  onClose(): void;
  onLogin(email: string): void;
}

/** Reset dialog: asks for the email, sends the request and closes (spec §4). */
export function ResetDialog({ opened, initialEmail, onClose, onLogin }: ForgotDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t("auth.reset.title")} styles={modalStyles}>
      <ResetForm initialEmail={initialEmail} onDone={() => onClose()} onLogin={onLogin} />
    </Modal>
  );
}

interface RestoreDialogProps {
  opened: boolean;
  token: string | null | undefined;
  onClose(): void;
  /** The new password is saved: usually opens the login dialog (with the account's email). */
  onRestored(email?: string): void;
  onRequestNew(): void;
}

/** Restore dialog: new password and confirmation. It needs a token and closes at once without one. */
export function RestoreDialog({ opened, token, onClose, onRestored, onRequestNew }: RestoreDialogProps) {
  const missing = opened && !token;
  useEffect(() => {
    if (missing) onClose();
  }, [missing, onClose]);
  return (
    <Modal opened={opened && !!token} onClose={onClose} title={t("auth.reset.restoreTitle")} styles={modalStyles}>
      <ResetForm token={token} onDone={onRestored} onLogin={() => onRestored()} onRequestNew={onRequestNew} />
    </Modal>
  );
}
