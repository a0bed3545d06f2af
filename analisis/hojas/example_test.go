package hojas_test

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func Example() {
	v := espanol.Clasica()
	fichas := func(s string) letra.Multiconjunto {
		ls, _ := v.Alfabeto().ParsearFichas(s)
		return letra.NuevoMulticonjunto(ls...)
	}
	// Dos manos con la equidad de lo que se jugó con ellas.
	m, _ := hojas.NuevasMuestras(v)
	m.Anotar(fichas("AERSTIO"), 30)
	m.Anotar(fichas("QÑXZVHJ"), 5)
	tb, res := m.Tabla()
	fmt.Println(tb.Tamano(), "hojas;", res.Manos, "manos, equidad media", res.Base)
	fmt.Println(tb.Valor(fichas("ES")), tb.Valor(fichas("Q")))

	// La forma binaria; leída con otra variante, se rechaza.
	datos, _ := tb.MarshalBinary()
	otra, err := hojas.Leer(bytes.NewReader(datos), v, hojas.Opciones{})
	fmt.Println(err, otra.Valor(fichas("ES")))
	_, err = hojas.Decodificar(datos, espanol.Variante(), hojas.Opciones{})
	fmt.Println(errors.Is(err, hojas.ErrOtraVariante))
	// Output:
	// 1170590 hojas; 2 manos, equidad media 17.5
	// 12.5 -12.5
	// <nil> 12.5
	// true
}

func ExampleDecodificar() {
	v := espanol.Clasica()
	tb, _ := hojas.Nueva(v)
	datos, _ := tb.MarshalBinary()
	_, err := hojas.Decodificar(datos, v, hojas.Opciones{})
	fmt.Println(len(datos), "bytes:", err)
	// Con un límite menor que la tabla, se rechaza sin mirarla.
	_, err = hojas.Decodificar(datos, v, hojas.Opciones{MaxBytes: 1 << 20})
	fmt.Println(errors.Is(err, hojas.ErrTablaInvalida), errors.Is(err, limite.Err))
	// Output:
	// 2341298 bytes: <nil>
	// true true
}
