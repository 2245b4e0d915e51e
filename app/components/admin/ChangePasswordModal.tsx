import { Modal } from "@mantine/core";
import { ChangePasswordForm } from "~/components/profile/ChangePasswordForm";
import { t } from "~/lib/messages";

/**
 * Change password from the back office's top bar (spec §2, §5, §8): the one change-password form
 * (the profile's), three fields in a row in a 900 px modal; it closes on success, on Cancel and
 * when the session has expired (the login dialog takes over).
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={t("admin.password.title")} size={900} centered>
      <ChangePasswordForm wide autoFocus onCancel={onClose} onSuccess={onClose} onExpired={onClose} />
    </Modal>
  );
}
