import type { InputProps } from "antd";

/**
 * antd `count` for a text limit instead of `maxLength` (issue 13 item 8, decision 0030): a pasted
 * text over the limit is kept (never cut) and the field turns red; the count shows from 80% of the
 * limit on, and the form rule's 'Máximo N caracteres' says why it is refused.
 */
export function textLimit(max: number): NonNullable<InputProps["count"]> {
  return {
    max,
    show: ({ count }: { count: number }) => (count >= max * 0.8 ? `${count} / ${max}` : null),
  };
}
