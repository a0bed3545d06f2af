// Package inferencia deduce qué fichas conservó el rival en su último
// turno: las hojas que pudo quedarse, cada una con su probabilidad.
//
// [Inferir] recibe la partida antes del turno, lo que se vio de él
// ([Turno]: las fichas puestas y los puntos, cuántas fichas cambió, o un
// pase) y las fichas que quien infiere no veía (la bolsa y la mano del
// rival). Cada hoja posible h, un multiconjunto del tamaño justo sacado de
// esas fichas (menos las puestas), tiene una probabilidad previa: las
// maneras de sacarla, el producto de los binomiales C(nₓ, hₓ). Se juzga
// con el criterio del bot experto, la equidad (puntos más el valor de la
// hoja, generador.MejoresPorEquidad con las hojas que se den):
//
//   - una colocación con la mano h + puestas queda si su equidad está a lo
//     sumo Opciones.Tolerancia por debajo de la mejor de esa mano;
//   - un cambio que conserva h queda si el valor de h está a lo sumo la
//     tolerancia por debajo del de cada sub-hoja de h (que también podía
//     conservar cambiando más fichas);
//   - un pase no dice nada ([Inferencia.Informativa] es false).
//
// Las que quedan conservan su probabilidad previa (la verosimilitud es 1 o
// 0) y se normalizan. Se juzgan de la más probable a la menos, así que un
// plazo (ctx) corta las menos probables; las no juzgadas quedan con su
// previa: la inferencia nunca descarta una hoja que no juzgó. El resultado
// no depende más que de las entradas y del plazo.
//
// [UltimoTurno] arma las entradas desde una partida en curso, y
// [Inferencia.Cuantil] saca una hoja al azar sin reservar memoria (lo usa
// analisis/simulacion para dar al rival manos creíbles).
//
// Uso:
//
//	antes, turno, noVistas, err := inferencia.UltimoTurno(j)
//	in, err := inferencia.Inferir(ctx, g, antes, turno, noVistas, hojas, inferencia.Opciones{})
//	for h, p := range in.Hojas() { … }
package inferencia
