import { Modal } from "@mantine/core";
import { modalStyles } from "~/components/auth/modal-styles";
import { t } from "~/lib/messages";
import { ChangePasswordForm } from "./ChangePasswordForm";

/** The change-password form as a modal (max width 900px, spec §9), e.g. from the admin top bar. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} size={900} title={t("auth.password.title")} styles={modalStyles}>
      <ChangePasswordForm wide onCancel={onClose} onSuccess={onClose} />
    </Modal>
  );
}
