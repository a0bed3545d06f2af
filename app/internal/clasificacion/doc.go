// Package clasificacion ordena a los jugadores (el ranking de la aplicación
// Java de juego de palabras en que se inspira la aplicación) y lleva su
// fuerza con Glicko-2.
//
// Las filas de la clasificación son las estadísticas de cada jugador
// (Fila): máximo, media, partidas, victorias y total de puntos, como en esa
// aplicación Java, más su Rating. El criterio de orden se elige
// con un Criterio (el patrón Strategy de esa aplicación, aquí un valor): por
// máximo, por media, por victorias, por total o por rating. Ordenar ordena
// en el lugar, de forma estable y determinista (a igualdad, por nombre y por
// identificador).
//
// # Por qué Glicko-2 y no Elo
//
// Esas estadísticas no dicen contra quién se ganó: ganarle a un
// principiante vale lo mismo que ganarle a un experto. Un rating sí. Se eligió
// Glicko-2 (Glickman, 2012, "Example of the Glicko-2 system") en lugar de Elo
// porque lleva, además del valor, su incertidumbre (la desviación, RD): un
// jugador nuevo se mueve rápido hasta que sus partidas lo ubican y uno con
// muchas partidas se mueve poco, sin elegir a mano un factor K; y la
// volatilidad absorbe los cambios de nivel. Para mostrar se usa el valor;
// Conservador (valor − 2·RD) sirve para no premiar a quien jugó poco.
//
// Cada partida terminada es un período de Glicko-2: Actualizar toma el rating
// de cada jugador y el de sus rivales antes de la partida, y el resultado
// contra cada uno (1 si sacó más puntos, ½ si empataron, 0 si sacó menos).
//
// El paquete no depende de ningún otro del módulo ni guarda nada: el
// almacén (app/internal/almacen) lo usa al terminar cada partida.
package clasificacion
