// Ayudas para el DOM que comparten las vistas: buscar, crear elementos,
// el aviso de la vista de juego y el diálogo de confirmación.

// $ devuelve el primer elemento que coincide con el selector s.
export const $ = (s) => document.querySelector(s);

// el crea un elemento tag con sus propiedades (class, dataset, on… para
// los eventos, los demás como atributos) y sus hijos.
export function el(tag, props = {}, ...hijos) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const h of hijos) e.append(h);
  return e;
}

// avisar muestra un mensaje (de error si error) bajo el tablero.
export function avisar(texto, error) {
  const m = $("#mensaje");
  m.textContent = texto;
  m.className = error ? "error" : "";
}

// confirmar pregunta texto y, si la respuesta es sí, llama a si.
export function confirmar(texto, si) {
  const d = $("#dialogo-confirmar");
  $("#texto-confirmar").textContent = texto;
  $("#btn-confirmar-si").onclick = () => { d.close(); si(); };
  $("#btn-confirmar-no").onclick = () => d.close();
  d.showModal();
}
