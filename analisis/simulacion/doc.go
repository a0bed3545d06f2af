// Package simulacion elige jugadas por simulación de Monte Carlo, como los
// motores más fuertes: juega cada candidata, da al rival una mano creíble,
// sigue unos turnos y se queda con la candidata de mejor futuro.
//
// [Simular] toma las Opciones.Candidatas mejores elecciones por equidad
// estática del jugador en turno (generador.MejoresPorEquidad, con las
// Opciones.Hojas) y las Opciones.Agregadas. En cada iteración reparte las
// fichas que el jugador no ve: la mano del rival (una hoja de
// Opciones.Inferencia, con su probabilidad, completada al azar) y el orden
// de la bolsa, el mismo reparto para todas las candidatas. Juega cada
// candidata y Opciones.Plies turnos más, cada uno la mejor elección por
// equidad de quien juega (con la bolsa vacía, las hojas de
// generador.Cierre, como el bot experto), todo con juego.Juego. El valor de la muestra es la diferencia
// de puntos ganada hasta el horizonte más el valor de la hoja del último
// turno, con el signo de quien lo jugó; con 0 plies es la equidad
// estática. La victoria es el signo de la diferencia final o, con
// Opciones.Victoria, una probabilidad de ganar.
//
// De cada candidata da la media, su error estándar y la fracción de
// victorias ([Candidata]). Cada Opciones.Lote iteraciones poda las que
// quedan significativamente por debajo de la mejor (media más OmisionZ
// errores combinados) y da el progreso ([Progreso], un iter.Seq2 que se
// lee mientras corre). Termina con ctx, con Opciones.Iteraciones o cuando
// queda una sola viva.
//
// Trabaja en Opciones.Trabajadores gorutinas, cada una con su generador y
// su juego de prueba (juego.Juego.CopiarEn y Repartir); toman iteraciones
// de un contador atómico, escriben cada muestra en su lugar y se suman en
// orden al final del lote: la misma semilla da el mismo resultado con
// cualquier cantidad de trabajadores, y una iteración no reserva memoria.
//
// Uso (de Example; con un plazo en ctx en lugar de Iteraciones, lo que
// alcance):
//
//	op := simulacion.Opciones{Hojas: hojas, Iteraciones: 64, Semilla: 1}
//	r, err := simulacion.Simular(ctx, j, op)
//	mejor, _ := r.Mejor()
package simulacion
