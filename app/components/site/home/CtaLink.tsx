import { Button, type ButtonProps } from "@mantine/core";
import { Link } from "react-router";
import { useLocalePath } from "../useLocalePath";

/** A call-to-action from content: site paths keep the locale prefix, other links open as links. */
export function CtaButton({ href, children, ...props }: ButtonProps & { href: string; children: React.ReactNode }) {
  const { lp } = useLocalePath();
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Button component={Link} to={lp(href)} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Button component="a" href={href} {...props}>
      {children}
    </Button>
  );
}
