// Package sitio es el juego en el navegador: un servidor HTTP y WebSocket que
// aloja muchas partidas a la vez, cada una un servidor.Servidor cuyas
// notificaciones se empujan a sus clientes en cuanto ocurren, guardadas
// jugada a jugada en un almacén SQLite (app/internal/almacen/sqlite) o
// PostgreSQL (app/internal/almacen/postgres). Un servidor que se reinicia
// reanuda cada partida donde quedó, con sus relojes, y los navegadores se
// vuelven a conectar solos.
//
// Con [Opciones].Bus (NATS, app/internal/bus) el sitio corre en varios
// procesos sobre una base PostgreSQL compartida: cualquier proceso sirve
// cualquier partida (la carga del almacén cuando le llega un cliente), cada
// movimiento guardado se anuncia a los demás, que lo repiten para sus
// jugadores y espectadores, y las jugadas de los bots y el análisis de las
// partidas terminadas los hacen trabajadores (app/internal/trabajador) que
// toman los trabajos de colas de JetStream; ver bus.go, trabajadores.go y
// revision.go.
//
// Las personas se dan de alta con nombre y contraseña (Argon2id; nombres
// normalizados con NFKC y sin caracteres invisibles ni alfabetos mezclados)
// o entran como invitados; la sesión es una ficha al azar en una cookie
// HttpOnly, SameSite=Strict (Secure con TLS), guardada resumida, que vence
// y que salir revoca. Todo pedido que cambia algo lleva la ficha CSRF de la
// sesión, viene del mismo origen y en JSON. Una partida solo la juegan sus
// jugadores; cualquiera la puede mirar.
//
// Salir, vencer o revocar una sesión cierra enseguida sus WebSocket abiertos
// (código 4002): toda revocación pasa por revocarSesion, el punto que un
// aviso entre procesos debe llamar en cada uno.
//
// Las cotas protegen a los jugadores de los abusos: conexiones en total y
// por dirección; de ellas, los WebSocket a lo sumo tres cuartos (el resto es
// siempre de los pedidos HTTP: la página, el alta, la API), los que no
// tienen sesión un cuarto del total y de lo de cada dirección, y 16 por
// sesión; pedidos, altas e intentos de entrar por dirección, y los intentos
// fallidos de cada cuenta sin frenar a su dueño donde ya entró; mesas que
// esperan y partidas con bots en curso, por jugador y en la sala; una ruta
// malformada recibe 400.
//
// Se crean mesas de 2 a 4 asientos (personas o bots de cinco niveles) con
// reglas españolas o inglesas y un reloj (por ejemplo 25 minutos con 10
// puntos menos por minuto de exceso, como en los torneos) que lleva el
// servidor. La página muestra las coordenadas del tablero, las fichas por
// salir, los puntos de la jugada antes de enviarla y los relojes, en el
// idioma de la partida; al terminar ofrece la revancha, el GCG y la
// revisión: la partida jugada a jugada con el análisis del motor (las
// mejores jugadas por equidad y lo que perdió cada una,
// app/internal/revision), que se calcula en segundo plano, una vez, y se
// guarda.
//
// Cada cota es un campo de [Opciones] y una opción del programa
// app/cmd/web, que solo lee las opciones y llama a [Servir]. La página
// (HTML, CSS y JavaScript, sin paso de compilación, en estatico/) va
// embebida en el binario: módulos ES nativos (estatico/principal.js los
// reúne), uno por parte, con un solo estado que solo escribe
// estatico/estado.js. La página no sabe las reglas: los puntos de la
// jugada que se arma se los pide al servidor, que los calcula con el
// motor (el mensaje "tantear"); el protocolo está en protocolo.go.
package sitio
