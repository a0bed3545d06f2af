// Package palabras es un motor para juegos de palabras del estilo de
// Scrabble, escrito a partir de una especificación formal (el TAD "Juego de
// palabras" de Algoritmos y Estructuras de Datos II, FCEyN-UBA, 2022) y de un
// diseño de módulos que fija su representación y sus complejidades.
//
// # El juego
//
// K jugadores se turnan para ubicar fichas en un tablero de N×N. Una jugada
// es válida si alguna palabra del tablero contiene todas las fichas
// ubicadas y todas las palabras del tablero son legítimas en la variante.
// Cada palabra vale la suma de sus letras; las manos se reponen de una cola
// fija de letras. Un servidor reparte las jugadas a los clientes mediante
// colas de notificaciones.
//
// # Los paquetes
//
// Cada paquete es un módulo de la especificación, y las dependencias van en
// un solo sentido:
//
//   - [github.com/juegodepalabras/palabras/letra]: letras, alfabetos (con
//     dígrafos como CH, LL, RR) y multiconjuntos de letras.
//   - [github.com/juegodepalabras/palabras/trie]: conjuntos de palabras: un
//     trie compacto y el autómata mínimo (DAWG) con codificación binaria.
//   - [github.com/juegodepalabras/palabras/variante]: el TAD VARIANTE
//     (tablero, fichas, puntajes, palabras legítimas), lectura de léxicos y
//     generación de repositorios; y en variante/espanol, la variante
//     española por omisión con 636.598 palabras embebidas.
//   - [github.com/juegodepalabras/palabras/ocurrencia]: el TAD OCURRENCIA,
//     conjuntos de fichas ⟨fila, columna, letra⟩ con forma de texto.
//   - [github.com/juegodepalabras/palabras/juego]: el TAD JUEGO: tablero,
//     manos, turnos, validación de jugadas en O(m + Lmax²) y puntaje
//     perezoso; posiciones como valores (juego.Posicion, DesdePosicion).
//     En juego/tablero, el TAD TABLERO como valor inmutable; en juego/gcg y
//     juego/cgp, partidas y posiciones en los formatos de texto de los
//     programas de Scrabble.
//   - [github.com/juegodepalabras/palabras/generador]: todas las jugadas
//     válidas de una mano con sus puntos (GADDAG), la mejor y cuántas hay.
//   - [github.com/juegodepalabras/palabras/servidor]: el TAD SERVIDOR:
//     clientes, colas de notificaciones, seguro para clientes concurrentes.
//
// El directorio examples tiene programas completos: examples/partida juega
// una partida entre bots a través del servidor.
//
// # Una partida
//
//	v := espanol.Variante()                 // 15×15, 7 fichas, léxico embebido
//	r, _ := v.Repositorio(2, semilla)       // la cola de letras
//	j, _ := juego.Nuevo(2, v, r)
//	o, _ := ocurrencia.Parsear("(7,7,S) (7,8,O) (7,9,L)", v.Alfabeto())
//	puntos, err := j.Ubicar(o)              // err: ErrFaltanLetras, ErrPalabraIlegitima, …
//	puntos, _ := j.Puntaje(0)
//
// # Cómo se prueba
//
// Las reglas ambiguas de la especificación se resuelven por escrito
// (RULINGS.md, en el repositorio de desarrollo) y las pruebas de propiedades
// (pgregory.net/rapid) comparan cada paquete con una transcripción literal de
// los axiomas en internal/pruebas/tad.
package palabras
