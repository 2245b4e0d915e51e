/**
 * The files library picker: any back-office form can offer "choose a picture from the library, or
 * upload one", and keeps the picture's address (`/api/files/content/<key>-1280.webp`, which the
 * public pages turn into a responsive `srcset`). Also used by the library page's upload box.
 */
import {
  Button,
  FileInput,
  Group,
  Image,
  Input,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPhoto, IconSearch, IconUpload, IconX } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { api, apiOf, type ApiData } from "~/lib/api";
import type { mediaAnswer, mediaListAnswer } from "~/shared/schemas/kit-answers";
import { t } from "~/lib/messages";

/** A file of the media library, as /admin/files answers it. */
export type MediaItem = ApiData<typeof mediaAnswer>;

/** The smallest stored width of a library picture (its thumbnail); any other address as it is. */
export function thumbnailOf(url: string) {
  return url.replace(/^(\/api\/files\/content\/[a-f0-9]{20})-\d+\.webp$/, "$1-320.webp");
}

/** Uploads one picture to the library; answers the new item or the server's Spanish message. */
async function uploadMedia(
  file: File,
  alt: string,
): Promise<{ ok: true; item: MediaItem } | { ok: false; message: string }> {
  const body = new FormData();
  body.set("file", file);
  body.set("alt", alt);
  const r = await api<ApiData<typeof mediaAnswer>>("/admin/files", { method: "POST", body });
  if (r.ok) return { ok: true, item: r.data };
  return { ok: false, message: r.fields.file ?? r.fields.alt ?? r.message };
}

/** Upload box: a file, its alternative text and a button. */
export function MediaUpload(props: { onUploaded: (item: MediaItem) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!file) return setError(t("media.required"));
    setSending(true);
    const r = await uploadMedia(file, alt);
    setSending(false);
    if (!r.ok) return setError(r.message);
    notifications.show({ color: "teal", message: t("media.uploaded") });
    setFile(null);
    setAlt("");
    setError(null);
    props.onUploaded(r.item);
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <FileInput
        label={t("classes.files.file")}
        description={t("classes.files.uploadHelp")}
        accept="image/png,image/jpeg,image/webp"
        placeholder={t("classes.files.filePlaceholder")}
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
        error={error}
        clearable
        leftSection={<IconPhoto size={16} aria-hidden />}
        style={{ flex: "1 1 220px" }}
      />
      <TextInput
        label={t("classes.files.alt")}
        description={t("classes.files.altHelp")}
        value={alt}
        onChange={(e) => setAlt(e.currentTarget.value)}
        maxLength={200}
        style={{ flex: "1 1 220px" }}
      />
      <Button onClick={send} loading={sending} leftSection={<IconUpload size={16} aria-hidden />}>
        {t("classes.files.upload")}
      </Button>
    </Group>
  );
}

const PER_PAGE = 12;

/** The library in a dialog: search, pages of thumbnails, and an upload box; picking closes it. */
function MediaLibraryDialog(props: { opened: boolean; onClose: () => void; onPick: (item: MediaItem) => void }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<MediaItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (q: string, p: number) => {
    setLoading(true);
    const params = new URLSearchParams({ page: String(p), per_page: String(PER_PAGE) });
    if (q.trim()) params.set("search", q.trim());
    const r = await apiOf<typeof mediaListAnswer>(`/admin/files?${params}`);
    setLoading(false);
    if (!r.ok) return setError(r.message);
    setError(null);
    setItems(r.data);
    setTotal(r.body.meta.total);
  }, []);

  useEffect(() => {
    if (!props.opened) return;
    const timer = setTimeout(() => void load(search, page), search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [props.opened, search, page, load]);

  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("classes.files.pickerTitle")} size="xl">
      <Stack gap="md">
        <MediaUpload onUploaded={(item) => props.onPick(item)} />
        <TextInput
          aria-label={t("classes.files.searchPlaceholder")}
          placeholder={t("classes.files.searchPlaceholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        {error && <Text c="var(--mantine-color-error)">{error}</Text>}
        {!loading && !error && items.length === 0 && (
          <Text c="dimmed">{search ? t("classes.files.noResults") : t("classes.files.empty")}</Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-busy={loading}>
          {items.map((m) => (
            <UnstyledButton
              key={m.id}
              onClick={() => props.onPick(m)}
              aria-label={t("classes.files.pick", { name: m.alt || m.name })}
              style={{ borderRadius: 8, overflow: "hidden", border: "1px solid var(--mantine-color-gray-3)" }}
            >
              <Image src={thumbnailOf(m.url)} alt="" h={110} fit="cover" loading="lazy" />
              <Text size="xs" p={6} truncate>
                {m.name}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {pages > 1 && (
          <Group justify="space-between">
            <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t("classes.files.previous")}
            </Button>
            <Text size="sm" c="dimmed">
              {page} / {pages}
            </Text>
            <Button variant="default" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t("classes.files.more")}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** A form field holding a picture's address, chosen from (or uploaded to) the files library. */
export function MediaPickerField(props: {
  label: string;
  description?: string;
  value: string;
  onChange: (url: string) => void;
  error?: React.ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Input.Wrapper label={props.label} description={props.description} error={props.error} labelElement="div">
      <Group gap="sm" mt={4} wrap="nowrap" align="center">
        {props.value ? (
          <Image src={thumbnailOf(props.value)} alt="" w={96} h={64} radius="sm" fit="contain" bg="gray.0" />
        ) : (
          <Text size="sm" c="dimmed" w={96}>
            {t("classes.files.none")}
          </Text>
        )}
        <Stack gap={4}>
          <Button size="xs" variant="light" onClick={() => setOpened(true)}>
            {props.value ? t("classes.files.change") : t("classes.files.choose")}
          </Button>
          {props.value && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => props.onChange("")}
            >
              {t("classes.files.remove")}
            </Button>
          )}
        </Stack>
      </Group>
      <MediaLibraryDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onPick={(m) => {
          props.onChange(m.url);
          setOpened(false);
        }}
      />
    </Input.Wrapper>
  );
}

/** A form field holding a list of pictures (at most `max`), each chosen from the files library. */
export function MediaListField(props: {
  label: string;
  description?: string;
  max: number;
  value: string[];
  onChange: (urls: string[]) => void;
  error?: React.ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const { value } = props;
  return (
    <Input.Wrapper label={props.label} description={props.description} error={props.error} labelElement="div">
      <Group gap="sm" mt={6} wrap="wrap" align="flex-start">
        {value.map((url, i) => (
          <Stack key={`${url}-${i}`} gap={4} align="center">
            <Image src={thumbnailOf(url)} alt="" w={112} h={76} radius="sm" fit="cover" />
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={12} aria-hidden />}
              onClick={() => props.onChange(value.filter((_, j) => j !== i))}
              aria-label={t("classes.studioPhotos.remove", { n: i + 1 })}
            >
              {t("classes.files.remove")}
            </Button>
          </Stack>
        ))}
        {value.length < props.max && (
          <Button
            variant="light"
            h={76}
            w={112}
            px={6}
            onClick={() => setOpened(true)}
            leftSection={<IconPhoto size={16} aria-hidden />}
            // Icon above the text, which may wrap: "Agregar foto" does not fit beside it in 112 px.
            styles={{
              inner: { flexDirection: "column", gap: 2 },
              section: { marginInline: 0 },
              label: { whiteSpace: "normal", textAlign: "center", lineHeight: 1.2, height: "auto" },
            }}
          >
            {t("classes.studioPhotos.add")}
          </Button>
        )}
      </Group>
      <MediaLibraryDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onPick={(m) => {
          props.onChange([...value, m.url].slice(0, props.max));
          setOpened(false);
        }}
      />
    </Input.Wrapper>
  );
}
