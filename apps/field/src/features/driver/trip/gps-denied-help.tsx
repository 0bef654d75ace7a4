/** What to do when the phone refuses the location to Treiber App: the bus is not being followed. */
export function GpsDeniedHelp() {
  return (
    <div className="gps-help" role="alert">
      <p className="gps-help-title">La ubicación está bloqueada: la posición del bus no se está enviando.</p>
      <p>Para permitirla:</p>
      <ol>
        <li>
          Toque el candado o el ícono junto a la dirección (o abra Ajustes del teléfono › Aplicaciones).
        </li>
        <li>Entre en Permisos › Ubicación y elija «Permitir».</li>
        <li>Vuelva a esta pantalla: el GPS se activa solo.</li>
      </ol>
    </div>
  );
}
