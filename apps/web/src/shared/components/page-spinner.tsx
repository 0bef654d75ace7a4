/** A page-sized loading spinner, plain CSS (global.css): it shows before Ant Design has loaded. */
export function PageSpinner() {
  return (
    <div className="plain-page-spinner">
      <span className="plain-spinner" role="status" aria-label="Cargando" />
    </div>
  );
}
