// Package tablero es el TAD TABLERO de la especificación: un tablero de
// N×N celdas con fichas, como valor.
//
// Un [Tablero] es inmutable: [Tablero.Poner] devuelve un tablero nuevo, así
// que se copia con la asignación, se compara con == y sirve de clave de un
// mapa (una tabla de posiciones ya analizadas, por ejemplo). Sabe leer sus
// celdas, listar sus palabras según la regla R1 de docs/reglas.md
// ([Tablero.Palabras]), dar la corrida que pasa por una celda y la palabra
// principal de una jugada ([Tablero.Principal]). Las ocurrencias que
// devuelve llevan el alfabeto del tablero, así que se imprimen con sus
// letras. Tiene una forma de texto, la cuadrícula que dibujan las pruebas:
// [Tablero.String] la escribe y [Parsear] la lee.
//
// El juego (juego.Juego) guarda su propio tablero de punteros, el del
// diseño; juego.Juego.Tablero devuelve una foto como Tablero, y
// juego.DesdePosicion empieza una partida desde uno. Las jugadas escritas
// como los jugadores ("8D CASA") se leen y se escriben sobre un Tablero con
// juego/notacion. Un tablero nuevo con una palabra (ver ExampleNuevo):
//
//	t, _ := tablero.Nuevo(15, letra.Espanol())
//	sol, _ := ocurrencia.Parsear("(7,7,S) (7,8,O) (7,9,L)", letra.Espanol())
//	t, _ = t.Poner(sol.Slice()...)
//	fmt.Println(t.Palabras()) // [{(7,7,S), (7,8,O), (7,9,L)}]
package tablero
