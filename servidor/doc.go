// Package servidor implementa el TAD SERVIDOR (§2.2): un juego repartido
// entre clientes mediante colas de notificaciones.
//
// Los clientes se conectan con [Servidor.Conectar] y reciben su
// identificador (0, 1, … en orden de conexión, R9); cuando se conectan todos
// los esperados empieza el juego. Cada cliente envía sus jugadas con
// [Servidor.Recibir] y lee lo que le concierne con [Servidor.Consultar], que
// devuelve y vacía su cola, o con [Servidor.Esperar], que además espera si
// está vacía (con un context.Context para cancelar).
// [Servidor.Notificaciones] muestra la cola sin vaciarla (el observador
// notificaciones de la especificación).
//
// Las notificaciones ([Notificacion]) son las siete de la especificación:
// IDCliente, Empezar, TurnoDe, Ubicar, Reponer, SumaPuntos y Mal (y dos más
// con las reglas clásicas, ver abajo). Con una
// jugada válida del jugador en turno, cada cliente recibe, en orden,
// Ubicar, SumaPuntos, (solo quien jugó) Reponer, y TurnoDe del siguiente;
// cualquier otro mensaje recibe Mal, solo para quien lo envió (R10), con el
// motivo, que se compara con errors.Is: [ErrNoEmpezado] antes de empezar,
// [ErrNoEsSuTurno] fuera de turno, y el *juego.ErrorJugada de una jugada
// inválida o sin las letras (que envuelve a juego.ErrJugadaInvalida y al
// motivo concreto, como juego.ErrPalabraIlegitima). Un identificador que no
// es de un cliente conectado es un error del programa, no un mensaje: se
// devuelve [ErrClienteDesconocido]. El valor cero de [Tipo] es
// [TipoNinguno], que no es ninguna notificación.
//
// Con las reglas clásicas (por ejemplo espanol.Clasica()) hay además dos
// notificaciones, Cambiar y Fin. El jugador en turno puede cambiar fichas
// con [Servidor.RecibirCambio]: todos reciben Cambiar con cuántas cambió,
// sin decir cuáles, él solo Reponer con las que sacó, y todos TurnoDe del
// siguiente. Cuando un turno termina la partida (un jugador se queda sin
// fichas con la bolsa vacía, o seis turnos seguidos sin puntos), en lugar
// de TurnoDe cada cliente recibe el ajuste final de cada jugador como
// SumaPuntos y luego Fin, con el motivo; desde entonces todo mensaje recibe
// Mal (con juego.ErrPartidaTerminada), y [Servidor.Esperar], una vez vacía
// la cola, devuelve [ErrTerminado] en lugar de esperar, también a quien ya
// esperaba. Así, el puntaje de cada jugador es la suma de sus SumaPuntos. Un
// cambio inválido recibe Mal con un error que envuelve a
// juego.ErrCambioInvalido. Con la variante de la especificación nada de esto
// ocurre: un cambio recibe Mal (juego.ErrCambioInvalido), la partida no
// termina y Esperar espera hasta que llegue algo o se cancele el contexto.
//
// Todas las operaciones son seguras para usar desde varias gorutinas, que es
// lo habitual: un cliente por gorutina. [Servidor.Partida] da una copia del
// juego para observarlo sin detener al servidor.
package servidor
