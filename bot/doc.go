// Package bot juega partidas clásicas sin ayuda: cuatro niveles de fuerza,
// de principiante a experto, que eligen la jugada del jugador en turno de un
// juego.Juego con un generador.Generador.
//
// Los niveles son más débiles por diseño, no por ruido:
//
//   - Principiante: solo conoce palabras cortas (la palabra principal de a
//     lo sumo 5 letras, a lo sumo 3 fichas puestas) y, de esas jugadas,
//     elige la de la mediana de puntos. Nunca cambia fichas: si no tiene
//     jugada, pasa.
//   - Intermedio: pone a lo sumo 5 fichas (nunca un bingo) y elige la de más
//     puntos entre esas. Nunca cambia fichas.
//   - Avanzado: el bot codicioso de examples/partida: la jugada de más puntos
//     de todas; si no tiene ninguna cambia todas sus fichas menos los
//     comodines (si la bolsa lo permite) o pasa.
//   - Experto: juega por equidad, los puntos de la jugada más el valor de las
//     fichas que se queda (la "hoja"), con una tabla de hojas aprendida por
//     autojuego (analisis/hojas: un valor por cada hoja de 1 a 6 fichas).
//     Considera también cada cambio posible (vale el valor de lo que
//     conserva), y pasa solo si no tiene ni jugadas ni cambios. Con la bolsa
//     vacía deja de mirar las hojas: resta el doble del valor de las fichas
//     que le quedarían y, si sale, suma el doble de las del rival. Busca la
//     mejor con generador.MejoresPorEquidad, que no genera las jugadas que
//     no pueden ganar; la tabla es las generador.Hojas de esa búsqueda. Con
//     OpcionesExperto.Final (NuevoExperto), resuelve los finales de dos
//     jugadores con analisis/final en ese tiempo por jugada y juega la
//     primera jugada de la mejor línea.
//
// La tabla del español clásico viaja embebida (analisis/hojas/espanol) y
// [Nuevo] la usa en sus juegos; la inglesa no (la lista SOWPODS no viaja
// con el módulo): se lee con hojas.Leer y se da con [NuevoExperto]. Sin
// tabla, el experto usa el modelo lineal de antes ([Hojas]: un valor por
// copia de cada letra y una tabla de vocales y consonantes, hojas_en.txt y
// hojas_es.txt), que se conserva para compararlos. Un Bot es determinista:
// la misma partida da la misma jugada.
//
// Un Bot no es seguro para usar desde varias gorutinas a la vez (tiene su
// generador); las Hojas sí, porque no cambian. El valor cero de Bot no es
// útil: se crea con Nuevo.
package bot
