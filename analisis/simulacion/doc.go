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
// victorias ([Candidata]), y las ordena por la media o, con
// Opciones.PorVictorias (o con Opciones.Victoria y la bolsa con a lo sumo
// Opciones.BolsaVictorias fichas), por victorias. Las muestras se gastan
// donde deciden la jugada (eliminación sucesiva con parada por
// confianza): cada Opciones.Lote iteraciones poda las que quedan
// significativamente por debajo de la mejor (su clave más OmisionZ errores
// combinados), así las iteraciones siguientes son solo de las vivas, y da
// el progreso ([Progreso], un iter.Seq2 que se lee mientras corre).
// Termina con ctx, con Opciones.Iteraciones, cuando queda una sola viva
// (una candidata claramente mejor para la búsqueda enseguida) o cuando,
// con la misma confianza, ninguna viva supera a la mejor por más de
// Opciones.Indiferencia (separarlas no vale el tiempo).
//
// Trabaja en Opciones.Trabajadores gorutinas, cada una con su juego de
// prueba (juego.Juego.CopiarEn y Repartir) y su generador.Arbol: el
// tablero de la raíz con sus conjuntos cruzados y anclas, donde cada turno
// de un rollout pone sus fichas con Arbol.Hacer (que los recalcula solo
// alrededor de ellas) y se deshace al terminar, sin copiar el tablero. La
// mejor respuesta del rival en la raíz se busca una vez por iteración (su
// mano es la misma para todas las candidatas); después de cada candidata
// se buscan solo las jugadas que ella pudo cambiar (las que tocan una
// celda que cambió o su vecina en la línea), con aquella como piso
// (Arbol.MejoresCambiadas): da exactamente la misma respuesta. Los
// trabajadores toman iteraciones de un contador atómico, escriben cada
// muestra en su lugar y se suman en orden al final del lote: la misma
// semilla da el mismo resultado con cualquier cantidad de trabajadores, y
// una iteración no reserva memoria.
//
// Uso (de Example; con un plazo en ctx en lugar de Iteraciones, lo que
// alcance):
//
//	op := simulacion.Opciones{Hojas: hojas, Iteraciones: 64, Semilla: 1}
//	r, err := simulacion.Simular(ctx, j, op)
//	mejor, _ := r.Mejor()
package simulacion
