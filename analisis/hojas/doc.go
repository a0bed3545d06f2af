// Package hojas guarda y aprende el valor de las hojas: las fichas que un
// jugador conserva después de jugar o de cambiar. Una [Tabla] tiene un valor
// por cada multiconjunto de 1 a F−1 fichas que la bolsa de la variante
// permite (comodines incluidos), en puntos, relativo a no conservar nada;
// se consulta con [Tabla.Valor] en O(tamaño de la hoja) sin reservar
// memoria, o con [Tabla.Subhojas], todas las hojas de una mano de una vez
// (es el camino rápido de generador.Subhojas). Conservar la mano entera es
// pasar: la tabla no lo valora (0). Trae además la probabilidad de ganar
// según la diferencia y las fichas no vistas ([Tabla.ProbabilidadDeGanar]).
//
// Cómo se aprende ([Muestras]): en partidas de un bot de equidad contra sí
// mismo (puntos más el valor de la hoja, con los valores de la generación
// anterior), cada vez que el jugador en turno tiene la mano llena y la bolsa
// permite cambiar se anota su mano y la equidad de lo que decidió. El valor
// de una hoja H es la equidad media de las manos que contienen H menos la de
// todas las manos: lo que vale empezar el turno con H en lugar de siete
// fichas al azar, que es lo que se gana o se pierde al conservarla (la
// equidad incluye la hoja siguiente, así que cada generación mira un turno
// más allá). Cada mano cuenta para todas sus sub-hojas, no solo para la que
// se conservó: cada turno informa de hasta 127 hojas. Para que la media sea
// la de «conservar H y sacar el resto al azar» y no la de «tener H entre
// otras fichas», cada mano pesa en H según las formas de elegir H entre sus
// fichas (una mano con tres E cuenta tres veces para la hoja E).
//
// Las hojas raras (las de seis fichas con letras escasas) se ven poco o
// nunca. En lugar de forzar sacadas que las produzcan, lo que deforma las
// partidas con que se miden todas las demás, cada media se encoge hacia una
// previa armada con sus sub-hojas ya estimadas (la sub-hoja sin una ficha
// más lo que esa ficha aporta según los valores de las fichas y los pares,
// promediado sobre la ficha que se quita), con una fuerza que se estima de
// los datos para cada tamaño (Bayes empírico): una hoja vista muchas veces
// vale su media, una nunca vista vale su previa. [Muestras.Tabla] dice los
// detalles y [Resumen] cuántas hojas se vieron poco.
//
// Formato ([Tabla.MarshalBinary], [Decodificar], [Leer], acotados por
// [Opciones]): cabecera "PLHJ", versión, la huella del alfabeto y la bolsa
// (una tabla de otra variante se rechaza con [ErrOtraVariante]), los
// valores en enteros de 16 bits en centésimos de punto, las rectas de la
// probabilidad de ganar y un CRC-32C (una tabla dañada se rechaza con
// [ErrTablaInvalida]).
package hojas
