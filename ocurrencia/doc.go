// Package ocurrencia implementa el TAD OCURRENCIA (§2.1.3): un conjunto de
// fichas ⟨fila, columna, letra⟩. Es lo que un jugador ubica en una jugada y
// también cómo se ven las palabras del tablero.
//
// [Ocurrencia] es un valor inmutable con semántica de conjunto. Ofrece las
// operaciones auxiliares del diseño (§4.3) —[Ocurrencia.EsHorizontal],
// [Ocurrencia.EsVertical], [Ocurrencia.HaySuperpuestas]— y las funciones de
// la especificación ocurrenciaFormaPalabra? ([Ocurrencia.FormaPalabra]),
// palabraQueFormaLaOcurrencia ([Ocurrencia.Palabra]) y letrasDeLaOcurrencia
// ([Ocurrencia.Letras]). La especificación define las dos primeras sobre
// todas las permutaciones de la ocurrencia; aquí cuestan O(#o) porque las
// fichas se guardan ordenadas por fila y columna, que es el orden de lectura.
//
// Tiene además una forma de texto legible, {(2,5,H), (3,5,O)}, que
// [Parsear] vuelve a leer.
package ocurrencia
