// Package bot juega partidas clásicas sin ayuda: cinco niveles de fuerza,
// de principiante a maestro, que eligen la jugada del jugador en turno de un
// juego.Juego con un generador.Generador. Los niveles son más débiles por
// diseño, no por ruido:
//
//   - Principiante: solo conoce palabras cortas (la palabra principal de a
//     lo sumo 5 letras, a lo sumo 3 fichas puestas) y, de esas jugadas,
//     elige la de la mediana de puntos. Nunca cambia: si no tiene jugada,
//     pasa.
//   - Intermedio: pone a lo sumo 5 fichas (nunca un bingo) y elige la de más
//     puntos entre esas. Nunca cambia fichas.
//   - Avanzado: el bot codicioso de examples/partida: la jugada de más puntos;
//     si no tiene, cambia todo menos los comodines (si puede) o pasa.
//   - Experto: juega por equidad, los puntos más el valor de las fichas que
//     se queda (la "hoja"), con una tabla de hojas aprendida por autojuego
//     (analisis/hojas), considerando cada cambio posible; pasa solo si no
//     tiene ni jugadas ni cambios. Con la bolsa vacía resta el doble del
//     valor de las fichas que le quedarían y, si sale, suma el doble de las
//     del rival; con OpcionesExperto.Final (NuevoExperto) resuelve el final
//     con analisis/final. Busca con generador.MejoresPorEquidad.
//   - Maestro: simula (analisis/simulacion) las mejores jugadas del experto
//     con la mano del rival inferida de su último turno (analisis/inferencia)
//     dentro de un tiempo por jugada (OpcionesMaestro, NuevoMaestro), que
//     reparte en la partida: lo que una jugada no gasta (la simulación para
//     cuando una candidata es claramente la mejor) lo guarda para las
//     siguientes, y da más a las del final de la mitad de la partida
//     (PesoJugada; OpcionesMaestro.TiempoFijo, el mismo a todas); con una
//     ficha en la bolsa juega el prefinal si lo evalúa en la mitad de su
//     tiempo, y con ninguna resuelve el final (analisis/final).
//
// La tabla del español clásico viaja embebida (analisis/hojas/espanol) y
// [Nuevo] la usa en sus juegos; la inglesa no (SOWPODS no viaja con el
// módulo): se lee con hojas.Leer y se da con [NuevoExperto] o
// OpcionesMaestro.Hojas. Sin tabla, el experto usa el modelo lineal de antes
// ([Hojas], hojas_en.txt y hojas_es.txt). Un Bot es determinista: la misma
// partida da la misma jugada; el maestro, solo acotado por iteraciones, y
// el experto con OpcionesExperto.Final, solo en los finales que prueba.
//
// Un Bot no es seguro para usar desde varias gorutinas a la vez (tiene su
// generador); las Hojas sí, porque no cambian. El valor cero de Bot no es
// útil: se crea con Nuevo.
package bot
