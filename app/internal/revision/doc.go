// Package revision calcula el análisis de una partida terminada del
// sitio, el que muestra su revisión: para cada turno, las cinco mejores
// opciones según el motor y la equidad que perdió la jugada hecha frente a
// la mejor.
//
// El análisis es la equidad estática del bot experto: los puntos de la
// jugada más el valor de la hoja que deja (las hojas del experto para la
// variante, bot.ValoracionPara: la tabla aprendida de analisis/hojas en la
// clásica española; con la bolsa vacía, el doble de las fichas que quedan,
// como el experto), sobre todas las jugadas que da el generador, los
// cambios y el pase.
//
// Analizar calcula el análisis de una partida ya leída; Revisar lee la
// partida del almacén, la analiza si no tiene ya el análisis de esta
// Version y lo guarda. Lo usan los trabajadores (app/internal/trabajador),
// que toman los análisis de la cola de NATS (bus.Bus.TomarRevision), y el
// sitio de un proceso sin NATS. Ficha, Simbolos, Fichas y PalabraYLugar
// escriben las manos y las jugadas como las escribe el protocolo del
// sitio, que las usa también.
package revision
