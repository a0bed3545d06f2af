// Package pacalgo es Pacalgo2, el juego de laberinto de la otra
// especificación de Algoritmos y Estructuras de Datos II (FCEyN-UBA): en una
// grilla con paredes, fantasmas y chocolates, el jugador va del inicio a la
// llegada moviéndose arriba, abajo, a la izquierda o a la derecha. Son los
// TAD CASILLERO, MAPA y PACALGO2 de la Parte 2; la Parte 1 es un mapa sin
// chocolates.
//
// Un [Mapa] se arma con [NuevoMapa] o se lee con [ParsearMapa], que
// comprueban su precondición, y no cambia. [Nuevo] empieza un [Juego], que
// se mueve en O(1) con [Juego.Mover]; un movimiento que no cumple la
// precondición se rechaza con un error y no cambia nada. [Resolver] da el
// mejor puntaje de un mapa o prueba que no se puede ganar.
//
// Las coordenadas son ⟨x, y⟩: Derecha suma ⟨1, 0⟩, Arriba ⟨0, 1⟩, y el
// vértice es el casillero de menor x e y. Donde la especificación se
// equivoca o no dice, este paquete decide:
//
//   - Se pierde cuando hay algún fantasma a distancia Manhattan 3 o menos y
//     el nivel de chocolate es 0: el axioma escrito dice lo contrario (que
//     se pierde cuando no hay ninguno). "A distancia menos de n" es, por su
//     recursión, a distancia n o menos.
//   - Un mapa exige: el inicio, la llegada, los fantasmas, las paredes y los
//     chocolates dentro de sus dimensiones; ningún fantasma en una pared; el
//     inicio distinto de la llegada y sin pared ni fantasma; y ningún
//     fantasma a distancia 3 o menos del inicio, salvo que el inicio tenga un
//     chocolate (no se empieza ganando ni perdiendo). Puede no haber camino
//     ganador. Un chocolate puede estar en una pared, un fantasma o la
//     llegada; la llegada, en una pared o un fantasma.
//   - Comer un chocolate deja el nivel en 10 (no se suma) y cada movimiento
//     que no come uno lo baja en 1 hasta 0. Con nivel mayor que 0 los
//     fantasmas no hacen perder y sus casilleros se pueden pisar; el
//     fantasma pisado se queda donde está.
//   - En la llegada al alcance de un fantasma sin chocolate se gana y se
//     pierde a la vez: el juego terminó. El puntaje, solo de un juego ganado,
//     es el largo de la trayectoria con el inicio: los movimientos más uno.
//
// Los conjuntos se devuelven sin repetidos, ordenados por y y luego por x.
package pacalgo
