import { describe, expect, it } from "vitest";
import { mediaToken, readMediaToken } from "~/.server/domain/on-demand/media-token";

const secret = "test-secret-of-this-installation";
const grant = { videoId: 12, userId: 7, expiresAt: 2_000_000_000 };

describe("media tokens (signed, short-lived media links)", () => {
  it("reads back the grant it was made for, before it expires", () => {
    expect(readMediaToken(mediaToken(grant, secret), secret, 1_999_999_999)).toEqual({ ok: true, grant });
  });

  it("is refused once expired", () => {
    expect(readMediaToken(mediaToken(grant, secret), secret, 2_000_000_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("is refused when the video, the user or the expiry is changed, or with another secret", () => {
    const token = mediaToken(grant, secret);
    for (const tampered of [
      token.replace("m1.12.", "m1.13."),
      token.replace(".7.", ".8."),
      token.replace(".2000000000.", ".2100000000."),
    ]) {
      expect(readMediaToken(tampered, secret, 1)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(readMediaToken(token, "another-secret", 1)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses malformed tokens without throwing", () => {
    for (const bad of ["", "m1", "m1.a.b.c.d", "m2.1.1.1.x", "m1.1.1.1", "m1.1.1.1.x.y", "../../etc/passwd"]) {
      expect(readMediaToken(bad, secret, 1)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("is safe inside a URL path", () => {
    expect(mediaToken(grant, secret)).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});
