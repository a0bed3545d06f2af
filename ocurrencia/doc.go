// Package ocurrencia es el TAD OCURRENCIA: un conjunto de fichas
// ⟨fila, columna, letra⟩. Es lo que un jugador ubica en una jugada y también
// cómo se ven las palabras del tablero.
//
// [Ocurrencia] es un valor inmutable con semántica de conjunto. Ofrece las
// operaciones auxiliares del diseño —[Ocurrencia.EsHorizontal],
// [Ocurrencia.EsVertical], [Ocurrencia.HaySuperpuestas]— y las funciones de
// la especificación ocurrenciaFormaPalabra? ([Ocurrencia.FormaPalabra]),
// palabraQueFormaLaOcurrencia ([Ocurrencia.Palabra]) y letrasDeLaOcurrencia
// ([Ocurrencia.Letras]). La especificación define las dos primeras sobre
// todas las permutaciones de la ocurrencia; aquí cuestan O(#o) porque las
// fichas se guardan ordenadas por fila y columna, que es el orden de lectura.
//
// Una [Ficha] es un valor comparable con ==, y su letra es un ordinal
// (letra.Letra): no sabe cómo se escribe. La ocurrencia, en cambio, puede
// llevar el alfabeto de sus letras: lo llevan las que se leen de un texto,
// las palabras del tablero y las jugadas de un juego, y se le da a otra con
// [Ocurrencia.ConAlfabeto]. Su forma de texto es la notación de conjuntos
// de la especificación, {(2,5,H), (3,5,O)}: [Ocurrencia.Formatear] la
// escribe con un alfabeto, [Ocurrencia.String] con el que lleva (o con
// ordinales, {(2,5,7), (3,5,15)}, si no lleva ninguno), y [Parsear] lee las
// dos formas. fmt.Println de una ocurrencia leída o jugada muestra, así,
// sus letras.
package ocurrencia
