import type { SignInRequest } from "@treiber/contract";
import { REQUIRED_MESSAGE } from "@treiber/contract/messages";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { landingPath } from "../../../shared/guards/guards";
import { signIn } from "../../../shared/session/session-store";

const loadSignIn = () => import("../api/sign-in");

/** The address check of antd's `type: "email"` rule (the other forms use it). */
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

type Errors = Partial<Record<keyof SignInRequest, string>>;

function validate(values: SignInRequest): Errors {
  const errors: Errors = {};
  if (!values.email.trim()) errors.email = REQUIRED_MESSAGE;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = "Correo electrónico inválido";
  if (!values.password) errors.password = REQUIRED_MESSAGE;
  return errors;
}

const MAIL_ICON =
  "M928 160H96c-17.7 0-32 14.3-32 32v640c0 17.7 14.3 32 32 32h832c17.7 0 32-14.3 32-32V192c0-17.7-14.3-32-32-32zm-40 110.8V792H136V270.8l-27.6-21.5 39.3-50.5 42.8 33.3h643.1l42.8-33.3 39.3 50.5-27.7 21.5zM833.6 232L512 482 190.4 232l-42.8-33.3-39.3 50.5 27.6 21.5 341.6 265.6a55.99 55.99 0 0068.7 0L888 270.8l27.6-21.5-39.3-50.5-42.7 33.2z";
const LOCK_ICON =
  "M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z";

const EYE_ICON =
  "M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z";
const EYE_INVISIBLE_ICON =
  "M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z";

function Icon({ path }: { path: string }) {
  return (
    <svg className="plain-input-icon" viewBox="64 64 896 896" width="1em" height="1em" aria-hidden="true">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/**
 * The sign-in form, plain HTML and CSS (global.css) drawn like the Ant Design forms: `/login` is
 * the first page of every signed-out visit and loads no Ant Design, no zod and no HTTP client
 * until it is used (decision 0029). Same labels, messages and behaviour as the other forms.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<SignInRequest>({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [passwordShown, setPasswordShown] = useState(false);

  const change = (field: keyof SignInRequest, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched) setErrors(validate(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setFailure(null);
    const { signInRequest, signInErrorMessage } = await loadSignIn();
    try {
      const session = signIn(await signInRequest({ email: values.email.trim(), password: values.password }));
      await navigate(landingPath(session), { replace: true });
    } catch (error) {
      setFailure(signInErrorMessage(error));
      setPending(false);
    }
  };

  const field = (name: keyof SignInRequest) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    disabled: pending,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    // The HTTP client's chunk is fetched while the user types, ready for the submit.
    onFocus: () => void loadSignIn(),
  });

  return (
    <form className="plain-form" noValidate onSubmit={(event) => void submit(event)}>
      {failure ? (
        <div className="plain-alert-error" role="alert" data-testid="login-error">
          {failure}
        </div>
      ) : null}
      <div className="plain-form-item">
        <label htmlFor={`${id}-email`}>Correo electrónico</label>
        <span className={`plain-input${errors.email ? " plain-input-error" : ""}`}>
          <Icon path={MAIL_ICON} />
          <input {...field("email")} type="email" autoComplete="username" placeholder="correo@empresa.com" />
        </span>
        {errors.email ? (
          <div id={`${id}-email-error`} className="plain-form-error" role="alert">
            {errors.email}
          </div>
        ) : null}
      </div>
      <div className="plain-form-item">
        <label htmlFor={`${id}-password`}>Contraseña</label>
        <span className={`plain-input${errors.password ? " plain-input-error" : ""}`}>
          <Icon path={LOCK_ICON} />
          <input
            {...field("password")}
            type={passwordShown ? "text" : "password"}
            autoComplete="current-password"
            placeholder="Contraseña"
          />
          <button
            type="button"
            className="plain-input-toggle"
            aria-pressed={passwordShown}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            {/* Named by its text, not aria-label: the field keeps the only label "Contraseña". */}
            <span className="plain-visually-hidden">
              {passwordShown ? "Ocultar contraseña" : "Mostrar contraseña"}
            </span>
            <Icon path={passwordShown ? EYE_ICON : EYE_INVISIBLE_ICON} />
          </button>
        </span>
        {errors.password ? (
          <div id={`${id}-password-error`} className="plain-form-error" role="alert">
            {errors.password}
          </div>
        ) : null}
      </div>
      <button
        type="submit"
        className="plain-button plain-button-primary plain-button-block"
        disabled={pending}
      >
        {pending ? <span className="plain-spinner plain-spinner-small" aria-hidden="true" /> : null}
        Iniciar sesión
      </button>
      <div className="plain-form-footer">
        <Link to="/forgetPassword">¿Olvidó su contraseña?</Link>
      </div>
    </form>
  );
}
