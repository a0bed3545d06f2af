// Package palabras es un motor para juegos de palabras del estilo de
// Scrabble, escrito a partir de una especificación formal (el TAD "Juego de
// palabras" de Algoritmos y Estructuras de Datos II, FCEyN-UBA) y de un
// diseño de módulos que fija su representación y sus complejidades.
//
// K jugadores se turnan para ubicar fichas en un tablero de N×N. Una jugada
// es válida si alguna palabra contiene todas las fichas ubicadas y todas las
// palabras del tablero son legítimas en la variante; cada palabra vale la
// suma de sus letras y las manos se reponen de una cola fija de letras. Un
// servidor reparte las jugadas a los clientes mediante colas de
// notificaciones. Las reglas de los torneos (premios, comodines, bolsa,
// cambios, fin de partida) son opciones de la variante.
//
// Los paquetes van por capas; cada uno importa solo los de abajo:
//
//   - letra: letras, alfabetos (con CH, LL y RR como fichas) y multiconjuntos.
//   - trie: conjuntos de palabras (trie, DAWG mínimo, GADDAG).
//   - variante: el TAD VARIANTE; variante/espanol (léxico embebido) y
//     variante/ingles.
//   - ocurrencia: el TAD OCURRENCIA, conjuntos de fichas ⟨fila, columna, letra⟩.
//   - juego: el TAD JUEGO; juego/tablero (el TAD TABLERO como valor),
//     juego/cgp y juego/gcg (posiciones y partidas en los formatos de los
//     programas de Scrabble), juego/notacion (jugadas como "8D CASA").
//   - servidor: el TAD SERVIDOR, colas de notificaciones por cliente.
//   - generador: todas las jugadas de una mano con sus puntos (GADDAG), la
//     mejor por puntos o por equidad; los métodos de la tesis de Romero et al.
//     (2018) en generador/anagramas, generador/internas y generador/paridad.
//   - bot y analisis/...: jugadores automáticos y herramientas de análisis.
//
// El directorio examples tiene programas completos (examples/partida juega
// una partida entre bots a través del servidor); la aplicación (almacén
// SQLite, clasificación, juego en el navegador, torneos) es otro módulo, en
// app, para que quien importa el motor no cargue sus dependencias.
//
// Las decisiones sobre lo que la especificación deja abierto están en
// docs/reglas.md, y las pruebas de propiedades comparan cada paquete con una
// transcripción literal de los axiomas del TAD.
package palabras
