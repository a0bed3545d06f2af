// Package espanol trae embebida la tabla de hojas (analisis/hojas) de la
// variante clásica española, espanol.Clasica (FISE: CH, LL y RR, 100 fichas
// con 2 comodines, manos de 7): un valor para cada una de sus 1.170.590
// hojas de 1 a 6 fichas y la probabilidad de ganar según la diferencia y las
// fichas no vistas. La usa el experto de bot; un programa que no importa
// este paquete no la lleva.
//
// La tabla (hojas.bin) es la que escribe, con el léxico embebido,
//
//	go run ./app/cmd/hojas -idioma es -salida analisis/hojas/espanol/hojas.bin
//
// (ver app/cmd/hojas: el mismo resultado byte a byte con cualquier cantidad de
// núcleos y aunque se interrumpa).
package espanol

import (
	_ "embed"
	"sync"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

//go:embed hojas.bin
var datos []byte

var tabla = sync.OnceValue(func() *hojas.Tabla {
	t, err := hojas.Decodificar(datos, espanol.Clasica(), hojas.Opciones{})
	if err != nil {
		panic(err) // el archivo embebido lo verifican las pruebas
	}
	return t
})

// Tabla devuelve la tabla de hojas de espanol.Clasica. La primera llamada
// la decodifica (y verifica su suma de control); las siguientes devuelven
// la misma tabla, que no cambia.
func Tabla() *hojas.Tabla { return tabla() }
