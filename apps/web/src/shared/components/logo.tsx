import { BRAND } from "../constants";

export interface LogoProps {
  size?: number;
}

/** The brand: logo and name, plain HTML (it is on the sign-in page, which has no Ant Design). */
export function Logo({ size = 40 }: LogoProps) {
  return (
    <div className="plain-logo" data-testid="logo">
      <img src="/logo.svg" width={size} height={size} alt="" aria-hidden="true" />
      <span className="plain-logo-name" style={{ fontSize: size * 0.6 }}>
        {BRAND}
      </span>
    </div>
  );
}
