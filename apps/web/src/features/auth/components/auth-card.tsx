import type { ReactNode } from "react";

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The card of the public pages with its `h1`; plain HTML and CSS (global.css), like antd's Card. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <section className="plain-card" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="plain-card-title">
        {title}
      </h1>
      {subtitle ? <p className="plain-card-subtitle">{subtitle}</p> : null}
      {children}
    </section>
  );
}
