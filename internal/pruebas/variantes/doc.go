// Package variantes prueba cada variante descrita como datos
// (variante.Descripciones) con todo el motor: la generación de jugadas
// contra el oráculo exhaustivo de internal/pruebas/exactitud, la notación,
// CGP, GCG, los bots a través del servidor, y la velocidad del generador en
// 21×21 contra 15×15. Solo tiene pruebas.
package variantes
