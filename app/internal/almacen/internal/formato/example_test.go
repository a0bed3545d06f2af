package formato_test

import (
	"errors"
	"fmt"

	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Las fichas de una colocación en bytes y de vuelta: fila y columna en
// uvarint, luego la letra con el bit 0x80 si es comodín. Unos bytes
// cortados no se leen a medias.
func ExampleCodificarFichas() {
	o := ocurrencia.Nueva(ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: 2},
		ocurrencia.Ficha{Fila: 7, Columna: 8, Letra: 0, Comodin: true})
	b := formato.CodificarFichas(o)
	fmt.Printf("% x\n", b)
	leida, err := formato.DecodificarFichas(b)
	fmt.Println(leida.Igual(o), err)
	_, err = formato.DecodificarFichas(b[:len(b)-1])
	fmt.Println(errors.Is(err, formato.ErrCodificacion))
	// Output:
	// 07 07 02 07 08 80
	// true <nil>
	// true
}

// El sello de una partida es una cadena: cada movimiento encadena su
// eslabón al anterior, así que cambiar uno cambia todos los que siguen.
func ExampleSello() {
	a := formato.Sello(0, int64(1), "hola", []byte{1, 2})
	b := formato.Sello(a, int64(2), 3.5, nil)
	otraA := formato.Sello(0, int64(1), "holá", []byte{1, 2})
	fmt.Println(a != otraA, b != formato.Sello(otraA, int64(2), 3.5, nil))
	fmt.Println(formato.Sello(0, "ab") == formato.Sello(0, []byte("ab")))
	// Output:
	// true true
	// true
}
