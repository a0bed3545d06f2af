// Package final resuelve finales de partida: con la bolsa vacía las dos
// manos se conocen y la partida es un juego de dos jugadores con
// información perfecta. [Resolver] (o un [Resolvedor], que guarda su
// memoria de un final al siguiente) da el valor exacto, cuánto cambia la
// diferencia de puntos hasta el fin con los ajustes finales de
// docs/reglas.md (salir, los turnos seguidos sin puntos), y la mejor línea;
// [Resolvedor.PreFinal] evalúa las jugadas cuando queda una ficha en la
// bolsa, resolviendo el final de cada ficha que se puede robar.
//
// El método: negamax con poda alfa-beta y ventana nula (PVS) sobre el
// tablero propio de la búsqueda (las jugadas se hacen y deshacen, sin
// juego.Juego), con profundización iterativa (2 plies y después sin
// horizonte, con ventanas nulas desde la raíz, como MTD(f)) y una tabla de
// transposición compartida sin candados, con claves de Zobrist del
// tablero, las dos manos, el turno y los turnos sin puntos. La jugada de
// la tabla se mira primero sin hacerla; después se prueban las que salen
// (la generación para en la primera que corta), la de la tabla, las demás
// por puntos y fichas puestas, pasar al final. De las que dejan la mano
// vacía basta la de más puntos. Con una ficha, las jugadas son salir o
// pasar, y si puede salir, salir es lo mejor (el rival puede devolver el
// pase): la mejor salida de una ficha en un tablero se guarda en una
// memoria de cada hilo (por la clave de Zobrist de las celdas), sin
// generar la lista, y con una ficha en cada mano el valor sale sin buscar
// (salir, o la cadena de pases hasta el límite de turnos sin puntos); con
// SinOrden, no. Si la primera jugada no corta, una jugada
// que no toca la zona de una salida del rival se acota con esa salida sin
// hacerla, y si la cota no llega a alfa no se busca. Las jugadas se generan con
// el GADDAG de un léxico podado para cada final: solo las palabras que
// caben en una línea del tablero con las fichas que quedan.
//
// Los hilos ([Opciones.Hilos], por omisión todos los núcleos) buscan con
// Lazy SMP: cada uno recorre la misma raíz con su tablero, empezando en
// profundidades distintas, y se ayudan a través de la tabla; en cada
// pasada de ventana nula, un hilo deja para el final las jugadas de la
// raíz que otro está buscando (así se reparten las de una pasada que hay
// que buscar enteras, la que prueba la cota superior); el primero que
// prueba el valor para a los demás.
//
// PreFinal solo necesita el orden de las candidatas: acota el valor de
// cada final con búsquedas de ventana nula (que paran en cuanto el valor
// sale de la ventana) con un tope de nodos que crece por final, y descarta
// una candidata en cuanto la suma pesada de sus cotas superiores no llega
// a la de las cotas inferiores de otra ([Candidata.Cota]). Las robadas de
// una misma letra son un solo final; los finales se buscan en paralelo,
// uno por hilo, con una sola tabla de transposición (con menos finales
// que hilos, cada uno con todos), que empieza chica y crece entre rondas
// cuando los topes de nodos pasan de sus entradas (hasta
// [Opciones.MBPreFinal]). Cada final empieza con un tope de 100 nodos y
// guarda sus jugadas de la raíz para las búsquedas siguientes (las de
// todos los finales de una candidata salen de una sola generación); la
// raíz acota sin hacerlas las jugadas que una salida del rival refuta; el
// léxico podado de una candidata se arma cuando sus finales ya buscaron
// bastante. [Opciones.PreFinalExacto] resuelve exactos todos los finales.
//
// Un plazo en el contexto o un límite de plies ([Opciones.Plies]) dan la
// línea de la búsqueda más profunda que terminó, con Probado en false;
// PreFinal, vencido el plazo, da las candidatas que decidió y el error.
// Las dos vuelven a pocos milisegundos del plazo: se mira en cada nodo,
// al generar, al podar el léxico y al armar la línea. Las opciones
// numéricas tienen máximos ([MaxHilos], [MaxMBTabla], …); más allá,
// [ErrOpcionFueraDeRango].
// [Opciones.Alternativas] pide el valor de las mejores primeras jugadas;
// SinTransposicion y SinOrden apagan esas técnicas para medirlas.
// Después de las primeras posiciones la búsqueda no reserva memoria por
// nodo.
package final
