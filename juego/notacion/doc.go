// Package notacion lee y escribe jugadas como las escriben los jugadores y
// los registros GCG: "8D RESIANT", "H4 RE.OIs", "8F [CH]O[RR]OS", "-" (pasar)
// y "-ABC?" (cambiar esas fichas).
//
// Una colocación es una coordenada y una palabra. La coordenada dice la
// casilla donde empieza la palabra y su dirección: con la fila primero es
// horizontal ("8D": fila 8, columna D, hacia la derecha), con la columna
// primero es vertical ("D8": la misma casilla, hacia abajo). Las filas se
// cuentan desde 1 y las columnas con letras desde la A; después de la Z
// siguen AA, AB…, así que cualquier tablero tiene nombres. La palabra da sus
// casillas en orden: cada ficha nueva con su símbolo, un comodín en
// minúsculas, una ficha de varias letras (CH, LL, RR en el alfabeto de la
// FISE) entre corchetes ("[CH]", "[ch]"), y "." para una casilla que ya
// estaba ocupada, cuya ficha no se pone.
//
// Las dos funciones necesitan el tablero de antes de la jugada
// (tablero.Tablero, o juego.Juego.Tablero): [Parsear] para saber qué
// casillas cubre cada "." y comprobar que estén ocupadas y que las letras
// caigan en casillas libres, y [Formatear] para escribir "." donde ya había
// fichas. Las dos usan el alfabeto del tablero. Parsear da una [Jugada]
// (las fichas que pone, las que cambia, o ninguna) y Formatear escribe lo
// que Parsear vuelve a leer igual. [Coordenada] es la casilla y la
// dirección, con [ParsearCoordenada] y [Coordenada.String].
//
// Los errores de lectura son [*Error]: citan a lo sumo unas pocas runas del
// texto, dicen el byte y nombran las casillas como la API y como la
// notación, "(7,3) 8D"; envuelven a [ErrNotacion] si el texto no es una
// jugada y, si no coincide con el tablero, a tablero.ErrFueraDelTablero,
// tablero.ErrCeldaOcupada, [ErrCeldaLibre] o [ErrSinFichas]. Ninguna
// entrada hace entrar en pánico al lector, y un texto de más de
// [MaxTexto] bytes se rechaza sin leerlo. El paquete no juzga la jugada:
// que sea válida lo dice juego.Juego.Validar, y sus puntos,
// juego.Juego.PuntajeObtenido.
package notacion
