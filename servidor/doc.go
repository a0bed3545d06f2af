// Package servidor es el TAD SERVIDOR: un juego repartido entre clientes
// mediante colas de notificaciones, con las decisiones de docs/reglas.md
// (reglas R9 y R10).
//
// Los clientes se conectan con [Servidor.Conectar] y reciben su
// identificador (0, 1, … en orden de conexión); cuando se conectan todos
// los esperados empieza el juego. Cada cliente envía sus jugadas con
// [Servidor.Recibir] (y, con las reglas clásicas, sus cambios con
// [Servidor.RecibirCambio]) y lee lo que le concierne con
// [Servidor.Consultar], que devuelve y vacía su cola, o con
// [Servidor.Esperar], que además espera si está vacía (con un
// context.Context para cancelar). [Servidor.Notificaciones] muestra la cola
// sin vaciarla.
//
// Las notificaciones ([Notificacion]) son las siete de la especificación
// (IDCliente, Empezar, TurnoDe, Ubicar, Reponer, SumaPuntos y Mal) y dos
// de las reglas clásicas (Cambiar y Fin). Con una jugada válida del
// jugador en turno, cada cliente recibe, en orden, Ubicar, SumaPuntos,
// (solo quien jugó) Reponer y TurnoDe del siguiente; cualquier otro mensaje
// recibe Mal, solo para quien lo envió, con el motivo, que se compara con
// errors.Is: [ErrNoEmpezado], [ErrNoEsSuTurno], juego.ErrPartidaTerminada,
// el *juego.ErrorJugada de una jugada inválida o el error de un cambio
// inválido (juego.ErrCambioInvalido). Un identificador que no es de un
// cliente conectado es un error del programa: [ErrClienteDesconocido].
//
// Un cambio válido da a todos Cambiar con cuántas fichas cambió, sin decir
// cuáles, y a él solo Reponer. Cuando un turno termina la partida, en lugar
// de TurnoDe cada cliente recibe el ajuste final de cada jugador como
// SumaPuntos y luego Fin; desde entonces [Servidor.Esperar], con la cola
// vacía, devuelve [ErrTerminado]. Así, el puntaje de cada jugador es la
// suma de sus SumaPuntos. Con la variante de la especificación la partida
// no termina y Esperar espera hasta que llegue algo o se cancele.
//
// Las notificaciones se escriben con [Notificacion.String] (la jugada con
// su alfabeto, si lo lleva) o [Notificacion.Formatear]. Todas las
// operaciones son seguras desde varias gorutinas, un cliente por gorutina;
// [Servidor.Partida] da una copia del juego para observarlo.
package servidor
